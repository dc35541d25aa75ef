import { isPlainObject } from '../core/entries';
import { firstSentence, viewOf, type RefReader, type View } from '../publish/expanded-view';
import { codeSpan, fold, safeInline, shorten } from '../skill/markdown';
import { constraintWords, enumPhrase, listOf, withConstraints } from './constraints';

type ObjectView = Extract<View, { kind: 'object' }>;

/** The line that ends a shape cut short. */
export const TRUNCATED = '- … (the rest of this shape is too long to write out here)';

/** How deep a shape's list nests before it is cut short (the walk is recursive). */
const MAX_NESTING = 64;

/** How many names' code spans a writer keeps (a fan-out of types stays bounded). */
const MEMO = 50_000;

/** How long a field's description may be in a shape: its first sentence, at most this. */
const DESCRIPTION = 200;

/**
 * Writes schemas' shapes as markdown lists a model can build a value from by hand: each
 * field with its type, whether it is required, and the first sentence of its description,
 * the fields of objects (and of list items and variants) nested below it, every reference
 * expanded as publishing expands it (SPEC 2), a type met inside its own expansion named by
 * where it was met first. No type is named: a reader of the skill has no types but
 * types.json's.
 *
 * Each shape has a budget of characters; once it is spent, the list says that the rest is
 * left out, and nothing more is walked (a fan-out of types, BAD-INPUT 11, stays as small as
 * the budget). A shape is written once per schema node and the types around it: the same
 * type replaced in a hundred operations (Kubernetes' pod spec) is written out once.
 */
export class ShapeWriter {
  private left = 0;
  private spent = false;
  /** Where each type being expanded was entered, for a recursion to name. */
  private readonly entered = new Map<string, string>();
  private readonly cache = new WeakMap<object, Map<string, string>>();
  /** Types (in no cycle) whose value was written out in full in this shape: where, and what it was called. */
  private readonly written = new Map<string, { path: string; phrase: string }>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;
  /** What is worked out again and again for a thousand fields: a name's code span, an enum's phrase, the active types as a set. */
  private readonly spans = new Map<string, string>();
  private readonly sets = new WeakMap<readonly string[], ReadonlySet<string>>();
  private readonly enums = new WeakMap<readonly unknown[], string>();

  constructor(
    private readonly reader: RefReader,
    private readonly budget: number,
  ) {}

  /**
   * The fields of an object schema (or, for any other schema, a line saying what the value
   * is, then its nested fields), as markdown; `active`: the types being expanded
   * around it.
   */
  fields(node: unknown, active: readonly string[] = []): string {
    // Only types in a cycle can be met again below: the rest of `active` changes nothing.
    // An object's fields are its type's, whichever reference led to it.
    const site = typeof node === 'object' && node !== null ? this.reader.read(node) : undefined;
    const owner = site && site !== 'broken' && typeof site.target === 'object' && site.target !== null ? site.target : node;
    const description = site && site !== 'broken' ? String(site.siblings?.description ?? '') : '';
    const key = `${active.filter((k) => this.reader.recursive(k)).join('\u0000')}\u0001${description}`;
    const cached = typeof owner === 'object' && owner !== null ? this.cache.get(owner)?.get(key) : undefined;
    if (cached) return cached;
    this.left = this.budget;
    this.spent = false;
    this.entered.clear();
    this.written.clear();
    for (const k of active) this.entered.set(k, '');
    const out: string[] = [];
    const view = this.view(node, active);
    if (view.kind === 'object' && !view.cut && hasFields(view)) this.objectFields(view, '', active, '', out);
    else {
      const nested: string[] = [];
      const phrase = this.describe(view, '', active, '', nested);
      const description = view.kind === 'object' && !view.cut ? descriptionOf(view) : '';
      out.push(`${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}${description ? ` (${description.replace(/\.$/, '')})` : ''}${nested.length > 0 ? ':' : '.'}`);
      if (nested.length > 0) out.push('', ...nested);
    }
    const text = out.join('\n');
    if (typeof owner === 'object' && owner !== null) {
      let byActive = this.cache.get(owner);
      if (!byActive) this.cache.set(owner, (byActive = new Map()));
      byActive.set(key, text);
    }
    return text;
  }

  private view(node: unknown, active: readonly string[]): View {
    let set = this.sets.get(active);
    if (!set) this.sets.set(active, (set = new Set(active)));
    return viewOf(node, 'schema', { reader: this.reader, trim: 0, active: set });
  }

  private span(name: string): string {
    let s = this.spans.get(name);
    if (s === undefined) {
      s = codeSpan(name);
      if (this.spans.size < MEMO) this.spans.set(name, s);
    }
    return s;
  }

  private objectFields(view: ObjectView, path: string, active: readonly string[], indent: string, out: string[]): void {
    const inner = this.enter(view, path, active);
    const props = view.keys.includes('properties') ? view.get('properties') : undefined;
    const requiredList = view.keys.includes('required') ? view.get('required') : undefined;
    const required = new Set(Array.isArray(requiredList) ? requiredList : []);
    if (isPlainObject(props)) {
      for (const name of Object.keys(props)) {
        if (this.spent) break;
        this.line(this.span(name), this.view(props[name], inner), required.has(name), `${path}.${name}`, inner, indent, out);
      }
    }
    const extra = view.keys.includes('additionalProperties') ? view.get('additionalProperties') : undefined;
    if (extra !== undefined && extra !== false && !this.spent) {
      this.line('any other field', this.view(extra === true ? {} : extra, inner), false, `${path}{*}`, inner, indent, out);
    }
    const patterns = view.keys.includes('patternProperties') ? view.get('patternProperties') : undefined;
    if (isPlainObject(patterns)) {
      for (const pattern of Object.keys(patterns)) {
        if (this.spent) break;
        this.line(`any field matching ${codeSpan(pattern)}`, this.view(patterns[pattern], inner), false, `${path}{${pattern}}`, inner, indent, out);
      }
    }
    this.leave(view, path);
  }

  /** One `- name (type, required): description` line, then what is nested in it. */
  private line(label: string, view: View, required: boolean, path: string, active: readonly string[], indent: string, out: string[]): void {
    if (!this.reserve(out, indent)) return;
    // The line goes before what is nested in it, so the budget is spent from the top down.
    const at = out.length - 1;
    const phrase = this.describe(view, path, active, `${indent}  `, out);
    const description = view.kind === 'object' && !view.cut ? descriptionOf(view, this.reader) : '';
    const deprecated = view.kind === 'object' && view.keys.includes('deprecated') && view.get('deprecated') === true ? '; deprecated' : '';
    this.settle(out, at, `${indent}- ${label} (${phrase}, ${required ? 'required' : 'optional'}${deprecated})${description ? `: ${description}` : ''}`);
  }

  /** A place for a line whose text is known once what is nested in it is written, or false when the budget is spent. */
  private reserve(out: string[], indent: string): boolean {
    if (this.spent) return false;
    if (this.left <= 0 || indent.length > 2 * MAX_NESTING) {
      this.spent = true;
      out.push(`${indent}${TRUNCATED}`);
      return false;
    }
    out.push('');
    return true;
  }

  private settle(out: string[], at: number, line: string): void {
    out[at] = line;
    this.left -= line.length + 1;
  }

  /** A phrase for a schema (`a string (date-time)`, `a list of objects`), its nested lines written to `nested`. */
  private describe(view: View, path: string, active: readonly string[], indent: string, nested: string[]): string {
    if (view.kind === 'broken') return 'any value';
    if (view.kind === 'value') return view.value === false ? 'nothing (no value is allowed)' : 'any value';
    if (view.kind === 'array') return 'any value';
    if (view.cut) {
      const where = this.entered.get(view.cut);
      if (where === undefined) return 'an object';
      return where === '' ? 'an object: the same fields as the whole object, above' : `an object: the same fields as ${codeSpan(shownPath(where))}, above`;
    }
    const same = this.sameAs(view);
    if (same !== undefined) {
      const first = this.written.get(same);
      if (first) return `${first.phrase === 'an object' ? 'an object with the same fields as' : 'a value of the same shape as'} ${codeSpan(shownPath(first.path))} above`;
      const at = nested.length;
      const phrase = this.describeOnce(view, path, active, indent, nested);
      // Worth naming again only where it took more than a line to write.
      if (nested.length - at >= 2 && !this.spent) this.written.set(same, { path, phrase });
      return phrase;
    }
    return this.describeOnce(view, path, active, indent, nested);
  }

  /** What identifies a value written out: a type in no cycle (its expansion is the same wherever it is met), with the keys the site laid over it. */
  private sameAs(view: View): string | undefined {
    if (view.kind !== 'object' || view.entered.length === 0 || view.cut || view.wrapped) return undefined;
    if (view.entered.some((k) => this.reader.recursive(k))) return undefined;
    let key = view.entered.join('\u0000');
    for (const k of view.keys) {
      // A description is said on the value's own line; every other keyword shapes what is nested.
      if (k === 'description') continue;
      const v = view.get(k);
      key += `\u0001${k}\u0002${typeof v === 'object' && v !== null ? `#${this.idOf(v)}` : JSON.stringify(v)}`;
    }
    return key;
  }

  private idOf(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, (id = ++this.nextId));
    return id;
  }

  private describeOnce(view: ObjectView, path: string, active: readonly string[], indent: string, nested: string[]): string {
    const inner = this.enter(view, path, active);
    try {
      const enumValues = keyword(view, 'enum');
      const nullable = typesOf(keyword(view, 'type')).includes('null');
      const orNull = nullable ? ' or null' : '';
      if (Array.isArray(enumValues) && enumValues.length > 0) {
        let phrase = this.enums.get(enumValues);
        if (phrase === undefined) this.enums.set(enumValues, (phrase = enumPhrase(enumValues)));
        return phrase;
      }
      if (view.keys.includes('const')) return `exactly ${codeSpan(JSON.stringify(keyword(view, 'const')) ?? 'null')}`;
      const types = typesOf(keyword(view, 'type')).filter((t) => t !== 'null');
      for (const k of ['oneOf', 'anyOf', 'allOf'] as const) {
        const parts = keyword(view, k);
        if (!Array.isArray(parts) || types.some((t) => t !== 'object')) continue;
        const views = parts.map((part) => this.view(part, inner));
        const rest = views.filter((v) => !(v.kind === 'object' && v.keys.length === 1 && v.get('type') === 'null'));
        const orNullToo = nullable || rest.length < views.length ? ' or null' : '';
        const fields = hasFields(view);
        // `anyOf: [X, {type: null}]` is X or null; `allOf: [X]` is X.
        if (rest.length === 1 && !fields) return `${this.describe(rest[0], path, inner, indent, nested)}${orNullToo}`;
        const word = k === 'allOf' ? 'all of these' : k === 'oneOf' ? 'exactly one of these' : 'one or more of these';
        rest.forEach((pv, i) => {
          if (this.spent) return;
          const title = pv.kind === 'object' && !pv.cut && typeof (pv.keys.includes('title') ? pv.get('title') : undefined) === 'string' ? ` ${codeSpan(String(pv.get('title')))}` : '';
          this.variant(`shape ${i + 1}${title}`, pv, `${path} (${k} ${i + 1})`, inner, indent, nested);
        });
        if (fields) this.objectFields(view, path, active, indent, nested);
        return `${word} ${rest.length} shapes${fields ? ', with the fields below' : ''}${orNullToo}`;
      }
      if (types.length === 0 && hasFields(view)) types.push('object');
      const checked = (phrase: string) => withConstraints(phrase, (k) => keyword(view, k));
      if (types.length === 0) return nullable ? 'null' : checked('any value');
      const phrases = types.map((t) => {
        if (t === 'object') {
          if (!hasFields(view)) return 'an object (any fields)';
          this.objectFields(view, path, active, indent, nested);
          return 'an object';
        }
        if (t === 'array') {
          const items = keyword(view, 'items');
          if (items === undefined) return 'a list';
          const iv = this.view(items, inner);
          const each = iv.kind === 'object' && !iv.cut && !iv.keys.includes('enum') && !iv.keys.includes('const') ? constraintWords((k) => keyword(iv, k)).value : [];
          let phrase = this.describe(iv, `${path}[]`, inner, indent, nested);
          // The items' own checks are said of each item, after the list's type.
          const suffix = `, ${each.join(', ')}`;
          if (each.length > 0 && phrase.endsWith(suffix)) phrase = phrase.slice(0, -suffix.length);
          else each.length = 0;
          return listOf(plural(phrase), each);
        }
        const format = keyword(view, 'format');
        return `${article(t)}${typeof format === 'string' ? ` (${safeInline(fold(format)).replace(/[`()]/g, '')})` : ''}`;
      });
      return checked(`${phrases.join(' or ')}${orNull}`);
    } finally {
      this.leave(view, path);
    }
  }

  private variant(label: string, view: View, path: string, active: readonly string[], indent: string, out: string[]): void {
    if (!this.reserve(out, indent)) return;
    const at = out.length - 1;
    const phrase = this.describe(view, path, active, `${indent}  `, out);
    const description = view.kind === 'object' && !view.cut ? descriptionOf(view) : '';
    this.settle(out, at, `${indent}- ${label}: ${phrase}${description ? `. ${description}` : ''}`);
  }

  private enter(view: ObjectView, path: string, active: readonly string[]): readonly string[] {
    if (view.entered.length === 0) return active;
    for (const k of view.entered) if (!this.entered.has(k)) this.entered.set(k, path);
    return [...active, ...view.entered];
  }

  private leave(view: View, path: string): void {
    if (view.kind !== 'object') return;
    for (const k of view.entered) if (this.entered.get(k) === path) this.entered.delete(k);
  }
}

/** A place in a shape as its reader sees it: `containers[].livenessProbe`, `(shape 2).caller` (a variant is listed as a shape). */
function shownPath(path: string): string {
  return path.replace(/ \((?:oneOf|anyOf|allOf) (\d+)\)/g, ' (shape $1)').replace(/^\./, '').trim();
}

/** A keyword's value in a view, or undefined when the view does not have it. */
function keyword(view: ObjectView, k: string): unknown {
  return view.keys.includes(k) ? view.get(k) : undefined;
}

function hasFields(view: ObjectView): boolean {
  return view.keys.includes('properties') || view.keys.includes('additionalProperties') || view.keys.includes('patternProperties');
}

/** A schema's description, or for `X or null` (`anyOf: [X, {type: null}]`) and `allOf: [X]`, X's. */
function descriptionOf(view: ObjectView, reader?: RefReader, depth = 0): string {
  const d = view.keys.includes('description') ? view.get('description') : undefined;
  if ((typeof d !== 'string' || d.trim() === '') && reader && depth < 3) {
    for (const k of ['anyOf', 'oneOf', 'allOf']) {
      const parts = view.keys.includes(k) ? view.get(k) : undefined;
      if (!Array.isArray(parts)) continue;
      const rest = parts
        .map((p) => viewOf(p, 'schema', { reader, trim: 0, active: new Set() }))
        .filter((v): v is ObjectView => v.kind === 'object' && !v.cut && !(v.keys.length === 1 && v.get('type') === 'null'));
      if (rest.length === 1 && rest.length < parts.length + (k === 'allOf' ? 1 : 0)) return descriptionOf(rest[0], reader, depth + 1);
    }
    return '';
  }
  if (typeof d !== 'string' || d.trim() === '') return '';
  return descriptionLine(d);
}

/** Lines written for descriptions: a spec repeats its fields' descriptions in operation after operation (Stripe's `expand`, `metadata`). */
const descriptionLines = new Map<string, string>();

/** A description as a shape's line gives it: its first sentence, folded, shortened, made safe. */
function descriptionLine(d: string): string {
  let line = descriptionLines.get(d);
  if (line !== undefined) return line;
  line = shorten(fold(firstSentence(d)), DESCRIPTION);
  // Only `<` and links can make a line unsafe (text.ts).
  if (line.includes('<') || line.includes('](')) line = safeInline(line);
  // Bounded: a worker converts spec after spec.
  if (descriptionLines.size >= 20_000) descriptionLines.clear();
  descriptionLines.set(d, line);
  return line;
}

function typesOf(type: unknown): string[] {
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

function article(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

/** `an object` to `objects`, `a string (uuid)` to `strings (uuid)`, for "a list of …". */
function plural(phrase: string): string {
  const m = /^an? (string|integer|number|boolean|object|list|null|value)\b(.*)$/.exec(phrase);
  if (m) return `${m[1]}s${m[2]}`;
  return phrase === 'any value' ? 'any values' : phrase;
}
