import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { own, type ConvertContext } from './context';
import type { OperationObject, PathItemObject, ServerObject } from './document';
import type { ListedServer, ServersReport, ServerVariableEntry } from './model';
import { codeSpan } from '../skill/markdown';
import { classifyHost, hostToAscii } from '../core/host';

/** The base URL an operation's path is appended to. */
export interface ServerChoice {
  /** Without a trailing slash; may be relative (`/v1`) when no base URL resolved it. */
  url: string;
  absolute: boolean;
}

/** What the user decided about servers (SPEC 4.2; the wizard's form, the CLI's flags). */
export interface ServerOptions {
  /** Replaces every absolute server URL and resolves every relative one. */
  baseUrl?: string;
  /** Values of server variables, by name: `--server-var name=value`. */
  variables?: Readonly<Record<string, string>>;
  /** Where a servers list offers several, the one to use: its URL as the spec writes it. */
  server?: string;
}

const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const VARIABLE = /\{([^{}]*)\}/g;
/** What a value given for a variable may not hold: it goes into a URL as it is. */
const UNSAFE_VALUE = /[\s\u0000-\u001f\u007f{}<>"\\^`|]/;
/** Words of a spec author's example host: `{yourOktaDomain}`, `subdomain.okta.com`, `api.example.com`. */
const EXAMPLE_VALUE = /example|subdomain|your|\{/i;
/** A host written literally in a URL that is still its author's example (Okta's `drapp.yourOrgSubDomain.okta.com`). */
const EXAMPLE_HOST = /your|subdomain/i;

/**
 * Why a server variable's default is its author's example rather than a value to call: the
 * value holds `example`, `subdomain`, `your` or `{`, or the description
 * speaks of "your …". A default that is one of the variable's `enum` values is a real
 * choice, never an example.
 */
export function exampleDefault(variable: { default?: string; description?: string; enum?: readonly string[] }): string | undefined {
  const value = variable.default;
  if (value === undefined) return undefined;
  if (variable.enum && variable.enum.length > 0 && variable.enum.includes(value)) return undefined;
  const word = EXAMPLE_VALUE.exec(value);
  if (word) return `its default ${codeSpan(value)} is an example value (it holds ${codeSpan(word[0])})`;
  if (variable.description !== undefined && /\byour\b/i.test(variable.description)) return `its default ${codeSpan(value)} is an example value (the description says "your …")`;
  return undefined;
}

interface Variable extends Omit<ServerVariableEntry, 'location'> {
  pointer: string;
}

/** Of the operations using a host, how many a disagreement names. */
const SHOWN_OPERATIONS = 3;

/** What makes two servers' variables of one name the same: the default and the values they declare. */
function variableKey(name: string, raw: unknown): string {
  if (!isPlainObject(raw)) return JSON.stringify([name]);
  const def = typeof raw.default === 'string' || typeof raw.default === 'number' ? String(raw.default) : null;
  const values = Array.isArray(raw.enum) ? raw.enum.filter((v) => typeof v === 'string' || typeof v === 'number').map(String) : [];
  return JSON.stringify([name, def, values]);
}

/** `GET /path` from an operation's pointer (`/paths/~1path/get`). */
function operationName(pointer: string): string {
  const tokens = pointer.split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  return tokens.length >= 4 ? `${tokens[tokens.length - 1].toUpperCase()} ${tokens[tokens.length - 2]}` : pointer;
}

/**
 * Server Objects (SPEC 4.2): the operation's servers, else the path item's, else the
 * document's; of several, the one the user chose, else the first (reported, the others
 * named). Variables take the value the user gave, else their default (reported: the URLs
 * use it until it is set), else the first of their `enum`. A variable with no default, or
 * whose default is its author's example (`exampleDefault`), stays `{name}` in the URL, an
 * error until it is set: `operation-url` refuses it, so the skill is not publishable by
 * accident. Swagger 2.0 lists one server per scheme (`scheme://host/basePath`).
 *
 * A base URL given by the user replaces every absolute server URL (a sandbox, a proxy) and
 * resolves every relative one (RFC 3986, so `/v1` keeps its path); without one a relative
 * URL stays relative and the report warns, once per server.
 */
export class ServerResolver {
  private readonly cache = new Map<string, ServerChoice>();
  private readonly base?: URL;
  private readonly given = new Map<string, string>();
  private readonly chosen?: string;
  private readonly listed = new Map<string, Omit<ListedServer, 'location'> & { pointer: string }>();
  /** Each variable as one server declares it: by name, default and values, so servers that agree share an entry. */
  private readonly variables = new Map<string, Variable>();
  /** Of each URL a servers list gave, the variables (keys of `variables`) it was built with. */
  private readonly urlVariables = new Map<string, Set<string>>();
  /** Of each operation's base URL, the operations (`GET /path`) built on it, in order. */
  private readonly uses = new Map<string, string[]>();

  constructor(
    private readonly ctx: ConvertContext,
    options: ServerOptions = {},
  ) {
    const baseUrl = options.baseUrl;
    if (baseUrl !== undefined && baseUrl.trim() !== '') {
      try {
        const u = new URL(baseUrl.trim());
        if ((u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === '') {
          u.search = '';
          u.hash = '';
          this.base = u;
        }
      } catch {
        // reported below
      }
      if (!this.base) ctx.warn('base-url', `The base URL ${JSON.stringify(baseUrl)} is not an absolute http(s) URL without a user name; it is not used`, '');
    }
    const vars = options.variables ?? {};
    for (const name of Object.keys(vars)) {
      const value = vars[name];
      if (typeof value !== 'string') continue;
      if (value.trim() === '' || UNSAFE_VALUE.test(value.trim())) {
        ctx.warn('server-variable', `The value ${JSON.stringify(value)} given for the server variable ${codeSpan(name)} is empty or holds characters a URL cannot (spaces, braces, quotes); it is not used`, '');
        continue;
      }
      this.given.set(name, value.trim());
    }
    if (options.server !== undefined && options.server.trim() !== '') this.chosen = options.server.trim();
  }

  forOperation(operation: OperationObject, operationPointer: string, pathItem: PathItemObject, pathItemPointer: string): ServerChoice {
    const choice = this.chooseFor(operation, operationPointer, pathItem, pathItemPointer);
    const used = this.uses.get(choice.url);
    const name = operationName(operationPointer);
    if (used) used.push(name);
    else this.uses.set(choice.url, [name]);
    return choice;
  }

  private chooseFor(operation: OperationObject, operationPointer: string, pathItem: PathItemObject, pathItemPointer: string): ServerChoice {
    if (this.ctx.dialect.swagger) return this.swagger(operation, operationPointer);
    for (const [owner, pointer] of [
      [operation, operationPointer],
      [pathItem, pathItemPointer],
      [this.ctx.doc, ''],
    ] as const) {
      const servers = own(owner, 'servers');
      if (Array.isArray(servers) && servers.length > 0) return this.fromList(servers, joinPointer(pointer, 'servers'));
    }
    // OpenAPI 3: no servers means one server at `/`.
    return this.finish('/', '', '/servers');
  }

  /**
   * What the report says of servers once every operation has one: each server listed, the
   * variables of those used with their values, and the base URL in force. A value given
   * for a variable no server used has is reported here.
   */
  report(): ServersReport {
    const names = new Set([...this.variables.values()].map((v) => v.name));
    for (const name of this.given.keys()) {
      if (names.has(name)) continue;
      const known = [...names];
      this.ctx.warn(
        'server-variable',
        `A value was given for the server variable ${codeSpan(name)}, but no server the operations use has it${known.length > 0 ? ` (they have ${known.map(codeSpan).join(', ')})` : this.base ? ' (the base URL replaced them)' : ''}; it is not used`,
        '',
      );
    }
    this.disagreements();
    const out: ServersReport = {
      listed: [...this.listed.values()].map(({ pointer, ...rest }) => ({ ...rest, location: this.ctx.locate(pointer) })),
      variables: [...this.variables.values()].map(({ pointer, ...rest }) => ({ ...rest, location: this.ctx.locate(pointer) })),
    };
    if (this.base) out.baseUrl = this.base.href;
    return out;
  }

  /**
   * Where servers at different levels give a variable of the same name different values
   * (the document's `subdomain` is `api`, one operation's `ip-ranges`), each entry says which
   * hosts it gives and how many operations use each, and a warning names them: a value the
   * user gives for the name then applies to them all.
   */
  private disagreements(): void {
    const byName = new Map<string, [string, Variable][]>();
    for (const [key, v] of this.variables) byName.set(v.name, [...(byName.get(v.name) ?? []), [key, v]]);
    for (const [name, entries] of byName) {
      if (entries.length < 2) continue;
      const parts: string[] = [];
      for (const [key, v] of entries) {
        const hosts: NonNullable<ServerVariableEntry['hosts']> = [];
        for (const [url, keys] of this.urlVariables) {
          const ops = keys.has(key) ? this.uses.get(url) : undefined;
          if (ops && ops.length > 0) hosts.push({ url, operations: ops.length, examples: ops.slice(0, SHOWN_OPERATIONS) });
        }
        v.hosts = hosts;
        const value = v.value === undefined ? 'not set' : codeSpan(v.value);
        const used = hosts.map((h) => `${codeSpan(h.url)} for ${h.operations === 1 ? '1 operation' : `${h.operations} operations`} (${h.examples.join(', ')}${h.operations > h.examples.length ? ', …' : ''})`);
        parts.push(`${value}${used.length > 0 ? `, giving ${used.join(' and ')}` : ''}`);
      }
      this.ctx.warn('server-variable', `The servers disagree on the variable ${codeSpan(name)}: ${parts.join('; ')}. A value you give for it applies to every server that declares it`, entries[0][1].pointer);
    }
  }

  /** One servers list: the chosen entry (else the first), the choice reported when there were others. */
  private fromList(servers: unknown[], listPointer: string): ServerChoice {
    const hit = this.cache.get(listPointer);
    if (hit) return hit;
    const entries = servers.map((raw, i) => {
      const pointer = joinPointer(listPointer, i);
      const node: ServerObject = this.ctx.resolve<ServerObject>(raw, pointer)?.node ?? {};
      const url = typeof node.url === 'string' ? node.url.trim() : '';
      const description = typeof node.description === 'string' && node.description.trim() !== '' ? node.description.trim() : undefined;
      return { node, pointer, url, description };
    });
    let index = this.chosen === undefined ? -1 : entries.findIndex((e) => e.url === this.chosen);
    const explicit = index >= 0;
    if (!explicit) index = 0;
    const pick = entries[index];
    entries.forEach((e, i) => this.list(e.url, e.description, e.pointer, i === index, entries.length > 1));
    const replaced = this.base !== undefined && ABSOLUTE.test(pick.url.replace(VARIABLE, 'x'));
    if (entries.length > 1 && !explicit && !replaced) {
      const others = entries.slice(1).map((e) => `${codeSpan(e.url)}${e.description ? ` (${e.description})` : ''}`);
      this.ctx.warn(
        'server-choice',
        `${entries.length} servers are listed here; the operations use the first, ${codeSpan(pick.url)}${pick.description ? ` (${pick.description})` : ''}. The others: ${others.join(', ')}. Choose another with --server <url>, or in the wizard`,
        listPointer,
      );
    }
    const choice = replaced ? this.replace(pick.url, pick.pointer) : this.server(pick.node, pick.pointer, pick.url);
    this.cache.set(listPointer, choice);
    return choice;
  }

  private list(url: string, description: string | undefined, pointer: string, used: boolean, alternative: boolean): void {
    const seen = this.listed.get(url);
    if (seen) {
      seen.used ||= used;
      seen.alternative ||= alternative;
      return;
    }
    this.listed.set(url, { url, ...(description !== undefined ? { description } : {}), used, alternative, pointer });
  }

  /** An absolute server URL replaced by the user's base URL. */
  /**
   * An absolute server URL replaced by the user's base URL. The server's path (`/api/v2.0`)
   * is kept when the base URL has none of its own (a proxy or sandbox host for the same API)
   * and dropped when it has one (the base URL is then the whole prefix); the report says which.
   */
  private replace(shown: string, pointer: string): ServerChoice {
    const base = this.base!.href.replace(/\/+$/, '');
    const path = (/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/.exec(shown)?.[1] ?? '').replace(/\/+$/, '');
    if (path === '' || path.includes('{')) {
      this.ctx.warn('server-replaced', `The server ${codeSpan(shown)} is replaced by the base URL you gave, ${codeSpan(this.base!.href)}`, pointer);
      return { url: base, absolute: true };
    }
    if (this.base!.pathname === '/') {
      this.ctx.warn('server-replaced', `The server ${codeSpan(shown)} is replaced by the base URL you gave, ${codeSpan(this.base!.href)}, keeping its path ${codeSpan(path)} (the base URL has none of its own): ${codeSpan(base + path)}`, pointer);
      return { url: base + path, absolute: true };
    }
    this.ctx.warn('server-replaced', `The server ${codeSpan(shown)} is replaced by the base URL you gave, ${codeSpan(this.base!.href)}; its path ${codeSpan(path)} is dropped, as the base URL has a path of its own`, pointer);
    return { url: base, absolute: true };
  }

  private server(node: ServerObject, pointer: string, template: string): ServerChoice {
    const variables = own(node, 'variables');
    const unset: string[] = [];
    const met: { entry: Variable; example?: string; declared: boolean }[] = [];
    const keys = new Set<string>();
    // Unset variables stay `{name}`; a sentinel keeps URL resolution from encoding the braces.
    const url = template.replace(VARIABLE, (_, name: string) => {
      // Each server's own declaration: a variable of the same name elsewhere may have another default.
      const raw = isPlainObject(variables) ? own(variables, name) : undefined;
      const key = variableKey(name, raw);
      keys.add(key);
      let entry = this.variables.get(key);
      if (!entry) {
        const found = this.variable(key, name, raw, raw === undefined ? pointer : joinPointer(joinPointer(pointer, 'variables'), name));
        met.push(found);
        entry = found.entry;
      }
      if (entry.value !== undefined) return entry.value;
      unset.push(name);
      return `\u0001${unset.length - 1}\u0001`;
    });
    const choice = this.finish(url, template, pointer);
    const restored = choice.url.replace(/(?:\u0001|%01)(\d+)(?:\u0001|%01)/g, (_, i: string) => `{${unset[Number(i)]}}`);
    for (const m of met) this.explain(m.entry, m.example, m.declared, restored);
    const known = this.urlVariables.get(restored);
    if (known) for (const k of keys) known.add(k);
    else this.urlVariables.set(restored, keys);
    // The host as the URLs hold it, a variable's value included (a default may be a metadata address).
    const fromSpec = ABSOLUTE.test(template.replace(VARIABLE, 'x'));
    const host = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(restored)?.[1] ?? '';
    if (fromSpec && choice.absolute && host !== '' && !host.includes('{')) return { url: this.checkHost(restored, host, pointer), absolute: true };
    return { url: restored, absolute: choice.absolute };
  }

  /**
   * A host the spec gives, checked once per server (the user's base URL is theirs to choose):
   * one that cannot be the vendor's (lib/core/host.ts) is an error until a base URL is given,
   * plain `http` a warning, and a host in another script is written in ASCII (`xn--…`). One
   * still its author's example is worth a look. The URL as the operations use it is returned.
   */
  private checkHost(url: string, host: string, pointer: string): string {
    const verdict = classifyHost(host);
    // A documentation host (`api.example.com`) keeps the example-host warning below.
    if (verdict && verdict.kind !== 'placeholder') {
      this.ctx.error('server-host', `The server host ${codeSpan(host)} ${verdict.why}: it cannot be the API's, so the URLs fail the publish rules until you give the API's base URL (--base-url <url>, or the wizard's Base URL)`, pointer);
      return url;
    }
    const word = EXAMPLE_HOST.exec(host);
    if (word) this.ctx.warn('server-host', `The server host ${codeSpan(host)} looks like its author's example (it holds ${codeSpan(word[0])}): check it, or give a base URL of your own`, pointer);
    if (/^http:/i.test(url)) this.ctx.warn('server-http', `The server ${codeSpan(url)} is plain http: requests and the credentials they carry travel unencrypted. Give an https base URL if the API offers one`, pointer);
    if (/[^\x00-\x7f]/.test(host)) {
      const ascii = hostToAscii(host);
      if (ascii !== undefined && ascii !== host) return url.replace(host, ascii);
    }
    return url;
  }

  /** A variable met for the first time, with the value the URLs use for it (none while it stays `{name}`), kept for the report. */
  private variable(key: string, name: string, raw: unknown, pointer: string): { entry: Variable; example?: string; declared: boolean } {
    const declared = isPlainObject(raw);
    const def = declared && (typeof raw.default === 'string' || typeof raw.default === 'number') ? String(raw.default) : undefined;
    const values = declared && Array.isArray(raw.enum) ? raw.enum.filter((v) => typeof v === 'string' || typeof v === 'number').map(String) : [];
    const description = declared && typeof raw.description === 'string' && raw.description.trim() !== '' ? raw.description.trim() : undefined;
    const given = this.given.get(name);
    const example = exampleDefault({ default: def, description, enum: values });
    const value = given ?? (example === undefined ? (def ?? values[0]) : undefined);
    const entry: Variable = {
      name,
      ...(description !== undefined ? { description } : {}),
      ...(def !== undefined ? { default: def } : {}),
      ...(values.length > 0 ? { enum: values } : {}),
      ...(value !== undefined ? { value } : {}),
      given: given !== undefined,
      placeholder: example !== undefined || (def === undefined && values.length === 0),
      pointer,
    };
    this.variables.set(key, entry);
    return { entry, example, declared };
  }

  /** The report's entry for a variable the user did not set (naming the URL it gives), or set outside its enum. */
  private explain(v: Variable, example: string | undefined, declared: boolean, url: string): void {
    const setIt = `--server-var ${v.name}=<value>, or the wizard's server variables`;
    if (v.given) {
      if (v.enum && !v.enum.includes(v.value!)) {
        this.ctx.warn('server-variable', `The value ${codeSpan(v.value!)} given for the server variable ${codeSpan(v.name)} is not one of its values (${v.enum.map(codeSpan).join(', ')}); it is used as given`, v.pointer);
      }
      return;
    }
    if (v.value === undefined) {
      const why = !declared ? "is not declared under the server's `variables`" : example !== undefined ? `is not set, and ${example}` : 'is not set and has no default';
      this.ctx.error('server-variable', `The server variable ${codeSpan(v.name)} ${why}, so the URLs keep ${codeSpan(`{${v.name}}`)} (${codeSpan(url)}) and fail the publish rules until it is set: ${setIt}`, v.pointer);
      return;
    }
    const source = v.default !== undefined ? 'its default' : 'the first of its values';
    this.ctx.warn('server-variable', `The server variable ${codeSpan(v.name)} is not set, so the URLs use ${source}, ${codeSpan(v.value)}: ${codeSpan(url)}. If yours is another, set it: ${setIt}`, v.pointer);
  }

  private swagger(operation: OperationObject, operationPointer: string): ServerChoice {
    const doc = this.ctx.doc;
    const opSchemes = own(operation, 'schemes');
    const docSchemes = own(doc, 'schemes');
    const fromOperation = Array.isArray(opSchemes) && opSchemes.length > 0;
    const schemes = (fromOperation ? opSchemes : Array.isArray(docSchemes) ? docSchemes : []).filter((s): s is string => typeof s === 'string').map((s) => s.toLowerCase());
    const key = `swagger:${schemes.join(',')}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const listPointer = fromOperation ? joinPointer(operationPointer, 'schemes') : '/schemes';
    const host = typeof doc.host === 'string' ? doc.host.trim().replace(/\/+$/, '') : '';
    let basePath = typeof doc.basePath === 'string' ? doc.basePath.trim() : '';
    if (basePath !== '' && !basePath.startsWith('/')) basePath = `/${basePath}`;
    const urlOf = (scheme: string) => (host ? `${scheme}://${host}${basePath}` : basePath || '/');
    const pointer = host ? '/host' : doc.basePath !== undefined ? '/basePath' : fromOperation ? listPointer : '';
    // https when the spec offers it, whatever its order.
    let scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
    if (host && schemes.length > 1) {
      const urls = schemes.map(urlOf);
      const picked = this.chosen === undefined ? -1 : urls.indexOf(this.chosen);
      if (picked >= 0) scheme = schemes[picked];
      schemes.forEach((s, i) => this.list(urls[i], undefined, joinPointer(listPointer, i), s === scheme, true));
      if (picked < 0 && !this.base) {
        const used = urlOf(scheme);
        const first = scheme === schemes[0];
        this.ctx.warn(
          'server-choice',
          `${schemes.length} schemes are listed here; the operations use ${first ? 'the first' : 'https'}, ${codeSpan(used)}. The others: ${urls.filter((u) => u !== used).map(codeSpan).join(', ')}. Choose another with --server <url>, or in the wizard`,
          listPointer,
        );
      }
    } else if (host) this.list(urlOf(scheme), undefined, pointer, true, false);
    const url = urlOf(scheme);
    let choice = this.base && ABSOLUTE.test(url) ? this.replace(url, pointer) : this.finish(url, url, pointer);
    if (choice.absolute && !this.base) choice = { url: this.checkHost(choice.url, host, pointer), absolute: true };
    this.cache.set(key, choice);
    return choice;
  }

  private finish(url: string, shown: string, pointer: string): ServerChoice {
    let out = url;
    const cut = out.search(/[?#]/);
    if (cut >= 0) {
      this.ctx.warn('server-url', `The server URL ${JSON.stringify(shown)} has a query or fragment; it is left out`, pointer);
      out = out.slice(0, cut);
    }
    if (!ABSOLUTE.test(out)) {
      if (this.base) {
        out = new URL(out === '' ? '/' : out, this.base).href;
        const q = out.search(/[?#]/);
        if (q >= 0) out = out.slice(0, q);
      } else {
        this.ctx.warn(
          'relative-server',
          `The server URL ${JSON.stringify(shown || '/')} is relative: give a base URL to resolve it; until then its operations' URLs stay relative and fail operation-url`,
          pointer,
        );
        return { url: out.replace(/\/+$/, ''), absolute: false };
      }
    }
    return { url: out.replace(/\/+$/, ''), absolute: true };
  }
}
