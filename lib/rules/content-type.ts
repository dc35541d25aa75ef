import { joinPointer } from '../core/json-pointer';
import { essenceOf, isFormMediaType, isJsonMediaType, isMultipartMediaType } from '../core/media-type';
import { argumentPlaces } from '../skill/arguments';
import { admitsNested, SAFE_METHODS, schemaFormArguments, valueShapes } from './facts';
import { atKey, atSchema, type FileRule, type RuleProblem } from './rule';

/** RFC 9110's media type: `type/subtype`, then `; name=value` parameters (a token or a quoted string). */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = String.raw`"(?:[^"\\\u0000-\u0008\u000a-\u001f\u007f]|\\[\t\u0020-\u007e\u0080-\u00ff])*"`;
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`);
const ALLOWED = '`application/json` (or another JSON type such as `application/merge-patch+json`), `application/x-www-form-urlencoded` or `multipart/form-data`';

/**
 * SPEC 7.1, 7.4 `content-type`: a media type, and one the call can encode: a JSON type, form
 * encoding or multipart; none on `GET`/`HEAD`, which send no body; a JSON type with
 * `body-argument`, whose value is sent as JSON text; no `boundary` on multipart, which the
 * call derives from the body ([decision 0081](../../docs/decisions/0081-content-type-details.md)).
 * A form-encoded body field that may be an object, or an array holding objects or arrays, is
 * reported at its property unless it is in `deep`: such a value has no flat form encoding
 * (multipart sends it as a JSON part, decision 0080).
 */
export const contentType: FileRule = {
  id: 'content-type',
  scope: 'file',
  check(op, ctx) {
    const d = op.declaration;
    if (!d || d.raw['content-type'] === undefined) return [];
    const at = (message: string): RuleProblem[] => [atKey(op, '/operation/content-type', message)];
    const value = d.raw['content-type'];
    if (typeof value !== 'string') return at(`\`content-type\` must be a media type (${ALLOWED})`);
    if (SAFE_METHODS.has(d.method)) return at(`\`${d.method}\` has no body, so it has no \`content-type\`: remove it`);
    if (!MEDIA_TYPE.test(value.trim())) return at(`\`${value}\` is not a media type (\`type/subtype\`, then \`; name=value\` parameters)`);
    const form = isFormMediaType(value);
    const multipart = isMultipartMediaType(value);
    if (!form && !multipart && !isJsonMediaType(value)) return at(`\`${essenceOf(value)}\` is not a body the call can send: use ${ALLOWED}`);
    if (d.bodyArgument !== undefined && (form || multipart)) {
      return at(`With \`body-argument\` the whole body is one JSON value, sent as JSON text: \`content-type\` must be a JSON type, not \`${essenceOf(value)}\``);
    }
    if (multipart && /;[ \t]*boundary[ \t]*=/i.test(value)) return at('The call derives the multipart boundary from the body, so `content-type` must not give one: write `multipart/form-data`');
    if (!form || d.bodyArgument !== undefined) return [];
    const args = schemaFormArguments(d);
    if (!args) return [];
    const deep = new Set(d.lists.deep);
    const problems: RuleProblem[] = [];
    for (const name of argumentPlaces(d, args.schema).body) {
      if (deep.has(name) || !admitsNested(valueShapes(args.properties[name], ctx.types))) continue;
      problems.push(atSchema(op, joinPointer('/properties', name), `The form field \`${name}\` may be an object or a list of objects, which form encoding cannot send: name it in \`deep\` (sent as \`${name}[key]=value\`) or make it a scalar or a list of scalars`));
    }
    if (args.schema.additionalProperties !== undefined && admitsNested(valueShapes(args.schema.additionalProperties, ctx.types))) {
      problems.push(atSchema(op, '/additionalProperties', 'A form-encoded body\'s other fields may be objects or lists of objects here, which form encoding cannot send: make `additionalProperties` a scalar schema'));
    }
    return problems;
  },
};
