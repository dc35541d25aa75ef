import { writeManifest } from '../lib/skill/manifest';
import { writeOperationFile, type Method } from '../lib/skill/operation-file';
import { writeTypesFile } from '../lib/skill/types-file';

/**
 * A realistic generated package of `count` operation files: schema-form files with path,
 * query and body arguments referring to shared types, one in ten in the flat-list form.
 */
export function generatedPackage(count: number): Map<string, string> {
  const files = new Map<string, string>();
  const typeCount = 60;
  const types: Record<string, unknown> = {};
  for (let t = 0; t < typeCount; t++) {
    types[`Type${t}`] = {
      type: 'object',
      description: `Shared type number ${t}, used by several operations.`,
      required: ['id'],
      properties: {
        id: { type: 'string', description: 'The identifier.' },
        name: { type: ['string', 'null'] },
        count: { type: 'integer', minimum: 0 },
        tags: { type: 'array', items: { type: 'string' } },
        // Every fifth type refers to the next, and the last to itself.
        ...(t % 5 === 0 ? { child: { $ref: `#/types/Type${t >= typeCount - 5 ? t : t + 1}` } } : {}),
      },
    };
  }
  files.set('types.json', writeTypesFile(types));
  const ops: { name: string; description: string }[] = [];
  const methods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  for (let i = 0; i < count; i++) {
    const name = `operation_${String(i).padStart(4, '0')}`;
    const method = methods[i % methods.length];
    const description = `Operation ${i}: do the thing to resource ${i}.`;
    ops.push({ name, description });
    const prose = `${description}\n\nLonger text about operation ${i}, what it returns and when to use it.\n\nReturns \`Type${i % typeCount}\`.\n`;
    if (i % 10 === 9) {
      files.set(
        `${name}.md`,
        writeOperationFile({
          operation: { method: method === 'GET' ? 'POST' : method, url: `https://api.example.com/v1/things${i}/{id}`, query: ['page'], body: ['title', 'size', 'labels'], optional: ['page', 'labels'], integer: ['page', 'size'], list: ['labels'] },
          prose,
        }),
      );
      continue;
    }
    const body = method === 'GET' || method === 'DELETE' ? {} : { title: { type: 'string', description: 'A title.', maxLength: 200 }, owner: { $ref: `#/types/Type${Math.floor(i / 5) % typeCount}` }, extra: { type: 'object', properties: { note: { type: 'string' } } } };
    files.set(
      `${name}.md`,
      writeOperationFile({
        operation: {
          method,
          url: `https://api.example.com/v1/things${i}/{id}`,
          schema: {
            type: 'object',
            required: ['id'],
            properties: {
              id: { type: 'string', description: 'The thing id.' },
              limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size.' },
              expand: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
              ...body,
            },
          },
          query: ['limit', 'expand'],
        },
        prose,
      }),
    );
  }
  files.set('SKILL.md', writeManifest({ name: 'bench', description: 'A generated skill for the benchmark.', title: 'Bench', operations: ops }));
  return files;
}
