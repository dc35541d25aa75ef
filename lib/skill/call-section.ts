import { codeSpan, inlineText, leadingEscape, safeInline } from './markdown';

/** The heading of the section (SPEC 4.3, 4.6). */
export const CALL_SECTION_HEADING = '## The call';

/** One path or query parameter, header, cookie or body field, as "The call" lists it. */
export interface CallItem {
  name: string;
  /** What its value is, as markdown the caller made (values in it written with `codeSpan`). */
  type: string;
  required: boolean;
  /** How it is sent, when that needs saying (markdown). */
  note?: string;
  /** Its description from the spec or the schema: untrusted text, made one safe line here. */
  description?: string;
}

/** What "The call" says about one operation's request. */
export interface CallDescription {
  /**
   * Why the operation has no operation block (a prose-only file, SPEC 4.3), as markdown
   * finishing "not declared as a tool, because …". Absent for a declared operation, whose
   * arguments are sent as SPEC 3 says (lists repeated, the body a JSON object).
   */
  undeclaredBecause?: string;
  method: string;
  url: string;
  path: CallItem[];
  query: CallItem[];
  /** Header parameters; for a declared operation, its header arguments (SPEC 7.1 `header`), each sent as the header of its name. */
  headers?: CallItem[];
  /** A declared operation's fixed headers (SPEC 7.1 `headers`), name and value, sent with every call after the header arguments. */
  fixedHeaders?: readonly (readonly [string, string])[];
  cookies?: CallItem[];
  body:
    | { kind: 'none' }
    /**
     * A declared operation's body fields, sent as SPEC 7.2 says for `encoding` (a JSON object
     * by default) with `mediaType` (`application/json` by default). `extra`, for a free-form
     * body: what any other argument is (markdown made by the caller), each sent as a field.
     */
    | { kind: 'json'; fields: CallItem[]; extra?: string; encoding?: 'json' | 'form' | 'multipart'; mediaType?: string }
    /** A declared operation's `body-argument` (SPEC 7.1): the one argument whose value is the whole body, as JSON text. */
    | { kind: 'argument'; field: CallItem; mediaType: string }
    /**
     * A prose-only file's body, by its media type: its fields when it has them, else its shape.
     * `nested`: its fields written out in full, nested, as a markdown list the caller made
     * safe (`ShapeWriter`), written instead of `fields` so each field is written once.
     */
    | { kind: 'media'; mediaType: string; fields?: CallItem[]; nested?: string; shape?: string; description?: string };
  /** What a declared operation promises (SPEC 8.2): its safety, success status and the fields kept. */
  promise?: { safety: string; status: number; pick: readonly string[] };
}

const SAFETY_WORDS: Readonly<Record<string, string>> = {
  safe: 'it changes nothing',
  idempotent: 'calling it again with the same arguments changes nothing more',
  unsafe: 'it may do something each time it is called',
};

const FIELD_DESCRIPTION = 300;

/**
 * The `## The call` section, the one writer of it (SPEC 4.3, 4.6): the generated section of
 * a declared operation on export (`generateCallSection`), and the hand-readable section of a
 * prose-only file at conversion. Every value goes through `codeSpan` and every description
 * through `inlineText`, so nothing a spec or a skill holds can end a line, fake a heading or
 * a fence, or become HTML: the section's only heading is its own. Ends with one newline.
 */
export function writeCallSection(call: CallDescription): string {
  const declared = call.undeclaredBecause === undefined;
  const out = [CALL_SECTION_HEADING, ''];
  if (!declared) out.push(`This operation is not declared as a tool, because ${safeInline(call.undeclaredBecause!)}. To call it, compose the request by hand:`, '');
  out.push(codeSpan(`${call.method} ${call.url}`));
  const list = (title: string, items: readonly CallItem[] | undefined) => {
    if (items && items.length > 0) out.push('', title, ...items.map(item));
  };
  list('Path parameters, each replacing `{name}` in the URL as one percent-encoded segment:', call.path);
  list(declared ? 'Query parameters (a list is sent repeated, `name=a&name=b`):' : 'Query parameters:', call.query);
  list(declared ? 'Headers, each argument sent as the request header of its name:' : 'Headers:', call.headers);
  if (call.fixedHeaders && call.fixedHeaders.length > 0) {
    out.push('', 'Fixed headers, sent with every call:', ...call.fixedHeaders.map(([name, value]) => `- ${codeSpan(`${name}: ${value}`)}`));
  }
  list('Cookies:', call.cookies);
  const body = call.body;
  if (body.kind === 'none' || (body.kind === 'json' && body.fields.length === 0 && body.extra === undefined)) out.push('', 'No body.');
  else if (body.kind === 'argument') {
    list(`Body: the value of ${codeSpan(body.field.name)} itself, as JSON text, sent with ${codeSpan(`Content-Type: ${body.mediaType}`)}:`, [body.field]);
  } else if (body.kind === 'json') {
    const head = bodyHead(body.encoding ?? 'json', body.mediaType ?? 'application/json', body.fields.some((f) => f.note?.startsWith('sent in brackets') === true));
    const extra = body.extra === undefined ? '' : `every argument not named above is sent as a field of it (${safeInline(body.extra)})`;
    if (body.fields.length > 0) list(`${head}, with the fields:`, body.fields);
    if (extra) out.push('', body.fields.length > 0 ? `Also, ${extra}.` : `${head}: ${extra}.`);
  }
  else {
    const head = `Body: ${codeSpan(body.mediaType)}`;
    if (body.nested !== undefined) out.push('', `${head}, with the fields (each with its type and whether it is required, an object's fields below it):`, '', body.nested);
    else if (body.fields && body.fields.length > 0) list(`${head}, with the fields:`, body.fields);
    else out.push('', `${head}${body.shape ? `, ${safeInline(body.shape)}` : ''}.`);
    if (body.description) out.push('', leadingEscape(inlineText(body.description, FIELD_DESCRIPTION * 2)));
  }
  const promise = call.promise;
  if (promise) {
    const words = SAFETY_WORDS[promise.safety];
    out.push('', `Safety: ${codeSpan(promise.safety)}${words ? ` (${words})` : ''}.`);
    out.push('', promise.status === 204 ? 'Success: status `204`, with no body.' : `Success: status ${codeSpan(String(promise.status))}.`);
    if (promise.pick.length > 0) out.push('', `The response keeps only the fields ${promise.pick.map((p) => codeSpan(p)).join(', ')}; the rest is dropped.`);
  }
  return `${out.join('\n')}\n`;
}

/** How a declared body is sent (SPEC 7.2), the sentence its field list follows. */
function bodyHead(encoding: 'json' | 'form' | 'multipart', mediaType: string, bracketed = false): string {
  if (encoding === 'form') {
    return `Body: form-encoded, sent with ${codeSpan(`Content-Type: ${mediaType}`)}: each field present as \`name=value\`, percent-encoded with a space as \`+\`, \`true\`/\`false\` and numbers as their text, a list repeated (\`name=a&name=b\`)`;
  }
  if (encoding === 'multipart') {
    const brackets = bracketed ? ', save a field sent in brackets, one text part per value (`name[key]`)' : '';
    return `Body: ${codeSpan(mediaType)}, one part per field present: a string, number or boolean as a text part, an object or list as a part of \`application/json\` text${brackets}`;
  }
  return `Body: a JSON object, sent with ${codeSpan(`Content-Type: ${mediaType}`)}`;
}

function item(i: CallItem): string {
  const description = i.description === undefined ? '' : inlineText(i.description, FIELD_DESCRIPTION);
  return `- ${codeSpan(i.name)} (${safeInline(i.type)}, ${i.required ? 'required' : 'optional'}${i.note ? `; ${safeInline(i.note)}` : ''})${description ? `: ${description}` : ''}`;
}
