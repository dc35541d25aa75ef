import { describe, expect, it } from 'vitest';
import { childKind, elementKind } from './context';

// Every key childKind tells apart, and a few it does not.
const KEYS = ['paths', 'webhooks', 'components', 'definitions', 'parameters', 'responses', 'get', 'post', 'requestBody', 'callbacks', 'schema', 'items', 'content', 'examples', 'example', 'default', 'enum', 'headers', 'links', 'encoding', 'value', 'schemas', 'requestBodies', 'securitySchemes', 'pathItems', 'properties', 'allOf', 'oneOf', 'additionalProperties', 'const', 'x-extra', '$ref', 'name', ''];

describe('childKind', () => {
  // ref-kinds.ts leaves such places unvisited: nothing under them is a kind a reference stands for.
  it('gives a generic or literal place only generic or literal children and elements', () => {
    for (const kind of ['generic', 'literal'] as const) {
      for (const swagger2 of [false, true]) for (const key of KEYS) expect(['generic', 'literal']).toContain(childKind(kind, key, swagger2));
      expect(['generic', 'literal']).toContain(elementKind(kind));
    }
  });
});
