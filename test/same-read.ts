import { expect } from 'vitest';
import { isPlainObject } from '../lib/core/entries';
import type { OperationFile } from '../lib/skill/operation-file';

/**
 * `read` (an operation file built from its model, `writeAndReadOperationFile`) is what
 * `parseOperationFile` gives for the same text: every field, and the position of every key,
 * list item and schema property a problem could be placed at.
 */
export function expectSameRead(read: OperationFile, parsed: OperationFile): void {
  const fields = (op: OperationFile) => ({ file: op.file, baseName: op.baseName, text: op.text, split: op.split, data: op.data, prose: op.prose, declaration: op.declaration, approval: op.approval, problems: op.problems });
  expect(fields(read), read.file).toEqual(fields(parsed));
  const pointers = ['', '/operation', '/operation/method', '/operation/url', '/operation/schema', '/operation/returns', '/operation/safety', '/operation/status', '/operation/content-type', '/operation/headers', '/operation/body-argument', '/operation/budget', '/operation/budget/bytes', '/operation/budget/seconds', '/approval', '/approval/matches', '/approval/binds/0', '/nothing/here'];
  for (const key of ['query', 'header', 'deep', 'body', 'optional', 'identity', 'pick']) for (const i of [0, 1]) pointers.push(`/operation/${key}/${i}`);
  const headers = parsed.declaration?.fixedHeaders;
  if (headers) for (const name of Object.keys(headers)) pointers.push(`/operation/headers/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  for (const p of pointers) expect(read.position(p), `${read.file} ${p}`).toEqual(parsed.position(p));
  const schema = parsed.declaration?.schema;
  const schemaPointers = ['', '/type', '/required/0', '/properties', '/nothing'];
  if (isPlainObject(schema) && isPlainObject(schema.properties)) for (const name of Object.keys(schema.properties).slice(0, 8)) schemaPointers.push(`/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  for (const p of schemaPointers) expect(read.schemaPosition(p), `${read.file} schema ${p}`).toEqual(parsed.schemaPosition(p));
  const returns = parsed.declaration?.returns;
  const returnsPointers = ['', '/type', '/properties', '/items'];
  if (isPlainObject(returns) && isPlainObject(returns.properties)) for (const name of Object.keys(returns.properties).slice(0, 8)) returnsPointers.push(`/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  for (const p of returnsPointers) expect(read.returnsPosition(p), `${read.file} returns ${p}`).toEqual(parsed.returnsPosition(p));
  expect(read.frontmatter?.blockScalar('/operation/schema')).toEqual(parsed.frontmatter?.blockScalar('/operation/schema'));
  expect(read.frontmatter?.blockScalar('/operation/returns')).toEqual(parsed.frontmatter?.blockScalar('/operation/returns'));
  expect(read.frontmatter?.valuePosition('/operation/url')).toEqual(parsed.frontmatter?.valuePosition('/operation/url'));
  expect(read.frontmatter?.data).toEqual(parsed.frontmatter?.data);
  expect(read.frontmatter?.problems).toEqual(parsed.frontmatter?.problems);
}
