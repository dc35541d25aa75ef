/**
 * Where a call's credential goes, read back from SKILL.md's Authentication section as
 * conversion writes it (SPEC 1.1; `lib/convert/manifest.ts`): one line per scheme,
 * "- `name`: an API key in the `X-API-Key` header." Only what a copied request needs to show
 * a placeholder for the credential (`$API_KEY`), never a value: the skill holds none.
 */
export interface CallCredential {
  /** The security scheme's name in the spec. */
  scheme: string;
  in: 'header' | 'query' | 'cookie';
  /** The header, query parameter or cookie name. */
  name: string;
  /** Written before the placeholder in the value: `Bearer `, `Basic `, or nothing. */
  prefix: string;
  /** The environment variable the placeholder names (`API_KEY`), from the scheme's name. */
  variable: string;
}

const SECTION = /^##\s+Authentication\s*$/;
const ITEM = /^-\s+(`+)\s?(.+?)\s?\1:\s+(.*)$/;
const CODE = /(`+)\s?(.+?)\s?\1/;

/**
 * The credentials SKILL.md names, in its order, as placeholders for a copied request
 * ("Copy as curl"). A line it cannot read (a hand-written section, mutual
 * TLS) gives none; so does a skill without the section.
 */
export function callCredentials(manifestText: string): CallCredential[] {
  const lines = manifestText.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((l) => SECTION.test(l));
  if (start < 0) return [];
  const found: CallCredential[] = [];
  const variables = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,2}\s/.test(line)) break;
    const item = ITEM.exec(line.trim());
    if (!item) continue;
    const scheme = unquote(item[2]);
    const where = describeWhere(item[3]);
    if (!where) continue;
    let variable = environmentName(scheme);
    for (let n = 2; variables.has(variable); n++) variable = `${environmentName(scheme)}_${n}`;
    variables.add(variable);
    found.push({ scheme, ...where, variable });
  }
  return found;
}

function describeWhere(text: string): Omit<CallCredential, 'scheme' | 'variable'> | undefined {
  if (text.startsWith('an API key in the ')) {
    const code = CODE.exec(text);
    if (!code) return undefined;
    const name = unquote(code[2]);
    const rest = text.slice(code.index + code[0].length);
    const at = rest.startsWith(' query parameter') ? 'query' : rest.startsWith(' cookie') ? 'cookie' : rest.startsWith(' header') ? 'header' : undefined;
    return at ? { in: at, name, prefix: '' } : undefined;
  }
  if (text.startsWith('HTTP Basic credentials')) return { in: 'header', name: 'Authorization', prefix: 'Basic ' };
  if (/^an? (bearer token|OAuth 2\.0 access token|OpenID Connect access token)/.test(text)) return { in: 'header', name: 'Authorization', prefix: 'Bearer ' };
  const other = /^(`+)\s?(.+?)\s?\1 credentials in the `Authorization` header/.exec(text);
  if (other) return { in: 'header', name: 'Authorization', prefix: `${unquote(other[2])} ` };
  return undefined;
}

/** A code span's text: `codeSpan` writes a value with odd characters as a JSON string. */
function unquote(s: string): string {
  if (s.startsWith('"') && s.endsWith('"')) {
    try {
      const v: unknown = JSON.parse(s);
      if (typeof v === 'string') return v;
    } catch {
      // Not JSON after all: as written.
    }
  }
  return s;
}

/** `apiKey` → `API_KEY`, `petstore_auth` → `PETSTORE_AUTH`: a name a shell and `process.env` take. */
export function environmentName(scheme: string): string {
  const words = scheme
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  if (words === '') return 'API_KEY';
  return /^[0-9]/.test(words) ? `_${words}` : words;
}
