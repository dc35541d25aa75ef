import { childKind, elementKind, type Kind } from '../context';
import type { ParsedFile } from '../parse-file';
import { baseForId, baseKey, type Base } from './ref-target';
import type { Origin } from './types';

/**
 * The `$id` resources and `$anchor`s of JSON Schema 2020-12 (OpenAPI 3.1), by absolute key,
 * from every file read so far: a `$ref` to `https://example.com/pet` or `#pet` resolves
 * through them to the schema in the upload that declared it. The first declaration wins.
 */
export class IdIndex {
  private readonly ids = new Map<string, Origin>();
  private readonly anchors = new Map<string, Origin>();

  constructor(private readonly swagger2: boolean) {}

  /** The schema an `$id` key (from `baseKey` or `uploadKey`) declares. */
  resource(key: string): Origin | undefined {
    return this.ids.get(key);
  }

  /** The schema an anchor key (`<resource key>#<anchor>`) declares. */
  anchor(key: string): Origin | undefined {
    return this.anchors.get(key);
  }

  /** Record the `$id`s and `$anchor`s of one parsed file's schemas. */
  add(pf: ParsedFile): void {
    if (!pf.source.includes('$id') && !pf.source.includes('$anchor')) return;
    type Item = { node: unknown; kind: Kind; base: Base; tokens: string[] };
    const stack: Item[] = [{ node: pf.root, kind: 'root', base: { upload: pf.path }, tokens: [] }];
    while (stack.length > 0) {
      const { node, kind, base: parentBase, tokens } = stack.pop()!;
      if (node === null || typeof node !== 'object' || kind === 'literal') continue;
      if (Array.isArray(node)) {
        const ek = elementKind(kind);
        for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], kind: ek, base: parentBase, tokens: [...tokens, String(i)] });
        continue;
      }
      const o = node as Record<string, unknown>;
      let base = parentBase;
      if (kind === 'schema') {
        if (typeof o.$id === 'string') {
          base = baseForId(o.$id, parentBase);
          const key = baseKey(base);
          if (!this.ids.has(key)) this.ids.set(key, { file: pf.path, tokens });
        }
        if (typeof o.$anchor === 'string') {
          const key = `${baseKey(base)}#${o.$anchor}`;
          if (!this.anchors.has(key)) this.anchors.set(key, { file: pf.path, tokens });
        }
      }
      const keys = Object.keys(o);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        stack.push({ node: o[k], kind: childKind(kind, k, this.swagger2), base, tokens: [...tokens, k] });
      }
    }
  }
}
