import { argumentsSchema, type JsonSchema } from '../skill/arguments';
import { firstParagraph } from '../skill/prose';
import { declaredSafety, type OperationFile, type Safety } from '../skill/operation-file';
import type { SkillPackage } from '../skill/package';
import { expandRefs, type ExpandResult } from './expand';
import { referencedTypeNames, typesDelta } from './type-deps';
import { toolName } from './tool-name';

/** What a model is given for one declared operation (SPEC 2). */
export interface PublishedTool {
  name: string;
  alias: string;
  description: string;
  parameters: Record<string, unknown>;
  /** What the operation promises (SPEC 8.1): the declared safety, else the method's. `publishOperation` always sets it; tools built by hand may leave it out (then nothing is said of it). */
  safety?: Safety;
  /**
   * The success response's schema (SPEC 8.2), expanded like `parameters`; absent when the
   * file declares none, or when it does not expand within the same budget (too large, a
   * missing type): the tool is still published, without it.
   */
  returns?: unknown;
}

export interface Publication {
  file: string;
  tool: PublishedTool;
  /** The argument schema before expansion. */
  schema: JsonSchema;
  expansion: ExpandResult;
  /** `returns` expanded as the parameters are (SPEC 8.2), when the file declares one that parses; when it fails, the tool is published without it. */
  returnsExpansion?: ExpandResult;
}

const EMPTY_TYPES: ReadonlyMap<string, unknown> = new Map();
const cache = new WeakMap<OperationFile, { types: ReadonlyMap<string, unknown>; skill: string; publication: Publication | undefined }>();

/**
 * Publish one operation file, or undefined when it has no usable declaration (no operation
 * block, or arguments that are not one schema). The expansion may have failed (size, a
 * missing type): `expansion.ok` says. Cached per parsed file and types; after an edit of
 * types.json the publication is kept (the same object) when no type it names, directly or
 * through other types, changed (`typesDelta`).
 */
export function publishOperation(pkg: SkillPackage, op: OperationFile): Publication | undefined {
  const types = pkg.types?.types ?? EMPTY_TYPES;
  const skill = typeof pkg.manifest?.data.name === 'string' ? pkg.manifest.data.name : pkg.folder;
  const hit = cache.get(op);
  if (hit && hit.skill === skill) {
    if (hit.types === types) return hit.publication;
    if (!typesDelta(hit.types, types).affects(operationTypeNames(op))) {
      hit.types = types;
      return hit.publication;
    }
  }
  const publication = compute();
  cache.set(op, { types, skill, publication });
  return publication;

  function compute(): Publication | undefined {
    const d = op.declaration;
    if (!d) return undefined;
    const schema = argumentsSchema(d);
    if (!schema) return undefined;
    const expansion = expandRefs(schema, types);
    const returned = d.returns !== undefined && d.returnsError === undefined ? expandRefs(d.returns, types) : undefined;
    return {
      file: op.file,
      schema,
      expansion,
      ...(returned !== undefined ? { returnsExpansion: returned } : {}),
      tool: {
        name: toolName(skill, op.baseName),
        alias: op.baseName,
        description: firstParagraph(op.prose),
        // Read when asked for (expanding parsed it only then).
        get parameters() {
          return expansion.ok ? expansion.parameters : schema;
        },
        safety: declaredSafety(d),
        ...(returned?.ok ? { returns: returned.parameters } : {}),
      },
    };
  }
}

/**
 * The names of the shared types an operation's arguments and `returns` can read
 * (`referencedTypeNames` of its schema, of the schema its flat lists make, which names none,
 * and of `returns`): all that its publication, and the rules about it, read of types.json.
 */
export function operationTypeNames(op: OperationFile): readonly string[] {
  let names = typeNames.get(op);
  if (names) return names;
  const d = op.declaration;
  names = d ? referencedTypeNames(d.schema) : [];
  const schema = d && argumentsSchema(d);
  if (schema !== undefined && schema !== d?.schema) {
    const made = referencedTypeNames(schema);
    if (made.length > 0) names = [...names, ...made];
  }
  if (d?.returns !== undefined) {
    const returned = referencedTypeNames(d.returns);
    if (returned.length > 0) names = [...names, ...returned];
  }
  typeNames.set(op, names);
  return names;
}

const typeNames = new WeakMap<OperationFile, readonly string[]>();

/** A tool a read-only grant may call, and a read-only export holds (SPEC 8.1, 8.2): a safe one. */
export function isSafeTool(tool: Pick<PublishedTool, 'safety'>): boolean {
  return tool.safety === 'safe';
}

/** Every publishable tool of the package, in file-name order (the content of `tools.json`). */
export function publishTools(pkg: SkillPackage): PublishedTool[] {
  const tools: PublishedTool[] = [];
  for (const op of pkg.operations) {
    const p = publishOperation(pkg, op);
    if (p && p.expansion.ok) tools.push(p.tool);
  }
  return tools;
}
