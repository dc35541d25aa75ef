import { compareStrings, isPlainObject, setOwn } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import type { Problem } from '../core/problem';
import { sha256Hex } from '../core/sha256';
import { hasLoneSurrogate, toWellFormed } from '../core/well-formed';
import { MAX_PARAMETERS_BYTES } from '../publish/expand';
import { toolName } from '../publish/tool-name';
import { descriptionFindings, findingMessage } from '../rules/description-quality';
import { writeOperationFile } from '../skill/operation-file';
import { writeTypesFile } from '../skill/types-file';
import { templateKey } from '../skill/url-template';
import { ConvertContext, own, type Json } from './context';
import type { OperationObject, PathItemObject } from './document';
import { ExpandedSizer } from './expanded-size';
import { buildManifest, sourceInfo } from './manifest';
import type { ConvertOptions, ConvertResult, DeclaredOperation, ProseOnlyOperation, SkippedOperation, SpecInput, WeakDescription } from './model';
import { BaseNames, skillName } from './naming';
import { GENERATED_METHODS, PATH_ITEM_METHODS, planOperation, type OperationPlan } from './operation-object';
import { operationProse } from './prose';
import { typeRefsIn, type TypeRef } from './schema-object';
import { SecurityModel } from './security';
import { ServerResolver } from './servers';
import { codeSpan } from '../skill/markdown';
import { TypeRegistry } from './type-registry';

/**
 * Generate a skill from a loaded spec (SPEC 4): one operation file per operation under
 * `paths` with one of the six methods, SKILL.md, types.json when a type is shared, and the
 * import report accounting for every operation (declared, prose-only with reasons, or
 * skipped with reasons; webhooks and callbacks listed, not generated).
 *
 * Deterministic: the same document gives byte-identical files, whatever the run.
 */
export function convertSpec(loaded: SpecInput, options: ConvertOptions = {}): ConvertResult {
  const ctx = new ConvertContext(loaded);
  const sha256 = options.sha256 ?? sha256Hex(loaded.entryText);
  const source = sourceInfo(ctx);
  const named = skillName(source.title, options.name);
  const skill = named.name;
  if (named.changed) ctx.warn('skill-name', `The skill name ${JSON.stringify(options.name)} does not follow the naming rules (a-z, 0-9 and single hyphens, at most 64); it is written ${codeSpan(skill)}`, '');
  const types = new TypeRegistry(ctx);
  const security = new SecurityModel(ctx);
  const servers = new ServerResolver(ctx, { baseUrl: options.baseUrl, variables: options.serverVariables, server: options.server });
  const plans: OperationPlan[] = [];
  const skipped: SkippedOperation[] = [];
  let operationCount = 0;

  const paths = own(ctx.doc, 'paths');
  if (isPlainObject(paths)) {
    for (const path of Object.keys(paths)) {
      if (path.startsWith('x-')) continue;
      const itemPointer = joinPointer('/paths', path);
      const item = ctx.resolve<PathItemObject>(paths[path], itemPointer);
      for (const method of PATH_ITEM_METHODS) {
        const raw = item ? own(item.node, method) : undefined;
        if (raw === undefined) continue;
        operationCount++;
        const pointer = joinPointer(item!.pointer, method);
        const op = ctx.resolve<OperationObject>(raw, pointer);
        const entry = { method: method.toUpperCase(), path, location: ctx.locate(pointer) };
        if (!op) {
          skipped.push({ ...entry, kind: 'invalid', reason: 'the operation could not be read (its `$ref` does not resolve)' });
          continue;
        }
        const operationId = typeof op.node.operationId === 'string' ? op.node.operationId : undefined;
        if (method === 'options' || method === 'trace') {
          skipped.push({ ...entry, operationId, kind: 'method', reason: `${method.toUpperCase()} is not one of the six methods an operation block declares` });
        } else {
          plans.push(
            planOperation(ctx, types, security, servers, {
              path,
              method: method as (typeof GENERATED_METHODS)[number],
              pathItem: item!.node,
              pathItemPointer: item!.pointer,
              operation: op.node,
              pointer: op.pointer,
            }),
          );
        }
        collectCallbacks(ctx, op.node, op.pointer, skipped);
      }
    }
  }
  collectWebhooks(ctx, skipped);

  // File base names, then duplicates of method and URL (SPEC 5 duplicate-operation).
  const names = new BaseNames(skill);
  const bases = plans.map((p) => names.assign(p.operationId, p.method, p.path));
  const seen = new Map<string, string>();
  plans.forEach((plan, i) => {
    if (plan.reasons.length > 0) return;
    const key = templateKey(plan.method, plan.url);
    const other = seen.get(key);
    if (other) plan.reasons.push(`it has the same method and URL as ${codeSpan(other)}, and a skill declares each request once`);
    else seen.set(key, bases[i]);
  });

  const declared = plans.map((p) => p.reasons.length === 0);
  const sites: TypeRef[][] = [];
  plans.forEach((plan, i) => {
    if (!declared[i]) return;
    const found: TypeRef[] = [];
    for (const a of plan.arguments) typeRefsIn(a.schema, found);
    if (plan.body.kind === 'json' && plan.body.extra !== undefined) typeRefsIn(plan.body.extra, found);
    sites.push(found);
  });
  types.decide(sites);

  const shared = types.sharedTypes();
  const typeMap = new Map<string, unknown>();
  for (const t of shared) typeMap.set(t.name, t.schema);
  const sizer = new ExpandedSizer(typeMap, new Set(shared.filter((t) => t.recursive).map((t) => t.name)));

  const files = new Map<string, string>();
  const opFiles: [string, string][] = [];
  const manifestOps: { name: string; description: string }[] = [];
  const reportDeclared: DeclaredOperation[] = [];
  const reportProse: ProseOnlyOperation[] = [];
  plans.forEach((plan, i) => {
    const base = bases[i];
    const file = `${base}.md`;
    const { prose, description } = operationProse(plan, ctx, types, declared[i]);
    manifestOps.push({ name: base, description });
    const entry = { method: plan.method, path: plan.path, operationId: plan.operationId, location: ctx.locate(plan.pointer), file };
    if (!declared[i]) {
      opFiles.push([file, writeOperationFile({ prose })]);
      reportProse.push({ ...entry, reasons: plan.reasons });
      return;
    }
    const properties: Json = {};
    const required: string[] = [];
    for (const a of plan.arguments) {
      setOwn(properties, a.name, types.materialize(a.schema));
      if (a.required) required.push(a.name);
    }
    const schema: Json = { type: 'object' };
    if (required.length > 0) schema.required = required;
    schema.properties = properties;
    if (plan.body.kind === 'json' && plan.body.constraints) for (const k of Object.keys(plan.body.constraints)) schema[k] = plan.body.constraints[k];
    // A free-form body (issue 8.3): every argument not named as a path or query parameter is one of its fields.
    if (plan.body.kind === 'json' && plan.body.extra !== undefined) schema.additionalProperties = types.materialize(plan.body.extra);
    const query = plan.arguments.filter((a) => a.place === 'query').map((a) => a.name);
    opFiles.push([file, writeOperationFile({ operation: { method: plan.method, url: plan.url, schema, query: query.length > 0 ? query : undefined }, prose })]);
    const tool = toolName(skill, base);
    reportDeclared.push({ ...entry, tool });
    // SPEC 2: over 24 KiB expanded is refused; the report says which operations that is.
    if (!sizer.fits(schema)) {
      ctx.warn('expanded-size', `${codeSpan(base)}: its parameters, with every shared type written out, pass the ${MAX_PARAMETERS_BYTES.toLocaleString('en')}-byte limit (or nest too deep), so it fails expanded-size and is not published until the schema is cut down`, plan.pointer);
    }
  });

  const serversReport = servers.report();
  const weakDescriptions = describedBadly(plans, bases, manifestOps, declared, ctx);
  files.set('SKILL.md', buildManifest(ctx, skill, source, security, manifestOps, sha256));
  if (typeMap.size > 0) files.set('types.json', writeTypesFile(typeMap));
  opFiles.sort((a, b) => compareStrings(a[0], b[0]));
  for (const [file, text] of opFiles) files.set(file, text);
  // A file is UTF-8 text: half a character from the spec (a JSON `\ud800` escape) that a
  // title or a name carried in is written U+FFFD, as the bundle would write it, and said.
  let halves = false;
  for (const [file, text] of files) {
    if (!hasLoneSurrogate(text)) continue;
    files.set(file, toWellFormed(text));
    halves = true;
  }
  if (halves) ctx.warn('lone-surrogate', 'The spec\'s text holds lone surrogates (half characters, as a `\\ud800` escape writes); they are written as U+FFFD (�)', '');

  return {
    folder: skill,
    files,
    report: {
      skill,
      source: { title: source.title, version: source.version, format: loaded.format.label, sha256, entry: loaded.entry },
      operationCount,
      declared: reportDeclared,
      proseOnly: reportProse,
      skipped,
      sharedTypes: shared.map((t) => ({ name: t.name, why: t.why, operations: t.operations, location: ctx.locate(t.pointer) })),
      servers: serversReport,
      weakDescriptions,
      warnings: byPlace(ctx.warnings),
    },
  };
}

/** The declared operations the `description-quality` rule will flag, for the report to count (issue 8.7). */
function describedBadly(plans: OperationPlan[], bases: string[], manifestOps: { description: string }[], declared: boolean[], ctx: ConvertContext): WeakDescription[] {
  const at = plans.map((_, i) => i).filter((i) => declared[i]);
  const tools = at.map((i) => ({ base: bases[i], method: plans[i].method, url: plans[i].url, description: manifestOps[i].description }));
  return descriptionFindings(tools).map((f) => {
    const i = at[f.index];
    return { file: `${bases[i]}.md`, message: findingMessage(tools[f.index].description, f, f.sameAs === undefined ? undefined : `${tools[f.sameAs].base}.md`), location: ctx.locate(plans[i].pointer) };
  });
}

function methodsOf(ctx: ConvertContext, item: unknown, pointer: string, visit: (method: string, op: OperationObject, at: string) => void): void {
  const resolved = ctx.resolve<PathItemObject>(item, pointer);
  if (!resolved) return;
  for (const method of PATH_ITEM_METHODS) {
    const raw = own(resolved.node, method);
    if (raw === undefined) continue;
    const at = joinPointer(resolved.pointer, method);
    const op = ctx.resolve<OperationObject>(raw, at);
    visit(method, op?.node ?? {}, op?.pointer ?? at);
  }
}

/** An operation's callbacks: calls the API makes, listed and not generated (SPEC 4.2). */
function collectCallbacks(ctx: ConvertContext, op: OperationObject, pointer: string, out: SkippedOperation[]): void {
  const callbacks = own(op, 'callbacks');
  if (!isPlainObject(callbacks)) return;
  for (const name of Object.keys(callbacks)) {
    const at = joinPointer(joinPointer(pointer, 'callbacks'), name);
    const cb = ctx.resolve(callbacks[name], at);
    if (!cb) continue;
    for (const expression of Object.keys(cb.node)) {
      if (expression.startsWith('x-')) continue;
      methodsOf(ctx, cb.node[expression], joinPointer(cb.pointer, expression), (method, cbOp, opAt) => {
        out.push({
          method: method.toUpperCase(),
          path: `${name}: ${expression}`,
          operationId: typeof cbOp.operationId === 'string' ? cbOp.operationId : undefined,
          location: ctx.locate(opAt),
          kind: 'callback',
          reason: 'a callback is a call the API makes, not one an agent makes',
        });
      });
    }
  }
}

/** 3.1 webhooks: calls the API makes, listed and not generated (SPEC 4.2). */
function collectWebhooks(ctx: ConvertContext, out: SkippedOperation[]): void {
  const webhooks = own(ctx.doc, 'webhooks');
  if (!isPlainObject(webhooks)) return;
  for (const name of Object.keys(webhooks)) {
    if (name.startsWith('x-')) continue;
    methodsOf(ctx, webhooks[name], joinPointer('/webhooks', name), (method, op, at) => {
      out.push({
        method: method.toUpperCase(),
        path: name,
        operationId: typeof op.operationId === 'string' ? op.operationId : undefined,
        location: ctx.locate(at),
        kind: 'webhook',
        reason: 'a webhook is a call the API makes, not one an agent makes',
      });
    });
  }
}

/** Warnings in the order of their place in the spec (file, line, column), else in the order they were found. */
function byPlace(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => compareStrings(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
