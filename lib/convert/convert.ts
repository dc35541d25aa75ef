import { compareStrings, isPlainObject, setOwn } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import type { Problem } from '../core/problem';
import { groupDigits } from '../core/numbers';
import { sha256Hex } from '../core/sha256';
import { hasLoneSurrogate, toWellFormed, withoutEscapedLoneSurrogates } from '../core/well-formed';
import { expandRefs, MAX_PARAMETERS_BYTES } from '../publish/expand';
import { MAX_SCHEMA_DEPTH } from '../core/schema-keywords';
import { ExpandedSizer } from '../publish/expanded-size';
import { toolName } from '../publish/tool-name';
import { descriptionFindings, findingMessage } from '../rules/description-quality';
import { methodSafety, parseOperationFile, writeAndReadOperationFile, type OperationFile, type OperationFileModel } from '../skill/operation-file';
import { withoutInvisible } from '../core/invisible';
import { writeTypesFile } from '../skill/types-file';
import { SchemaTextMemo } from '../skill/schema-text';
import { templateKey } from '../skill/url-template';
import { ConvertContext, own, type Json } from './context';
import type { OperationObject, PathItemObject } from './document';
import { Fitter, type FitResult } from './fit';
import { shareFittedTypes } from './fitted-types';
import { buildManifest, sourceInfo } from './manifest';
import { generationRecord, writeGenerationRecord } from './generation-record';
import { REQUEST_FEATURES, type ConvertOptions, type ConvertResult, type DeclaredOperation, type FittedOperation, type ProseOnlyOperation, type ReportOperation, type SharedTypeEntry, type SkippedOperation, type SpecInput, type SpecLocation, type UnreadPathItem, type WeakDescription } from './model';
import { BaseNames, skillName } from './naming';
import { GENERATED_METHODS, operationTags, PATH_ITEM_METHODS, planOperation, type OperationPlan } from './operation-object';
import { BODY_SHAPE_BUDGET, operationProse, SHAPE_BUDGET } from './prose';
import { ShapeWriter } from './shape';
import { typeRefsIn, type TypeRef } from './schema-object';
import { SecurityModel } from './security';
import { ServerResolver } from './servers';
import { UNRESOLVED_METADATA, WITHOUT_UNRESOLVED_METADATA } from '../rules/verdict';
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
  const unreadPathItems: UnreadPathItem[] = [];
  let operationCount = 0;

  const paths = own(ctx.doc, 'paths');
  if (isPlainObject(paths)) {
    for (const path of Object.keys(paths)) {
      if (path.startsWith('x-')) continue;
      const itemPointer = joinPointer('/paths', path);
      const item = ctx.resolve<PathItemObject>(paths[path], itemPointer);
      const ref = isPlainObject(paths[path]) ? own(paths[path], '$ref') : undefined;
      if (!item && typeof ref === 'string') unreadPathItems.push({ path, ref, location: ctx.locate(itemPointer) });
      for (const method of PATH_ITEM_METHODS) {
        const raw = item ? own(item.node, method) : undefined;
        if (raw === undefined) continue;
        operationCount++;
        const pointer = joinPointer(item!.pointer, method);
        const op = ctx.resolve<OperationObject>(raw, pointer);
        if (!op) {
          skipped.push({ ...reportOperation(method, path, {}, ctx.locate(pointer)), kind: 'invalid', reason: 'the operation could not be read (its `$ref` does not resolve)' });
          continue;
        }
        if (method === 'options' || method === 'trace') {
          skipped.push({ ...reportOperation(method, path, op.node, ctx.locate(pointer)), kind: 'method', reason: `${method.toUpperCase()} is not one of the six methods an operation block declares` });
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
    // Parameters inside a segment are named alike, so two templates that match the same request paths are one key.
    const key = templateKey(plan.method, plan.url.replace(/\{[^{}]+\}/g, '{}'));
    const other = seen.get(key);
    if (other) plan.reasons.push(`it has the same method and URL as ${codeSpan(other)}, and a skill declares each request once`);
    else seen.set(key, bases[i]);
  });

  const declared = plans.map((p) => p.reasons.length === 0);
  // Each declared operation's parameters as converted (references not yet shared or
  // inline), measured as publishing expands them (SPEC 2); those over the limit are fitted
  // unless the user asked for the full schemas.
  types.prepare();
  // Without fitting, past the limit is enough to know which are over (a walk that stops at
  // the limit is the cheaper one). With it, the screen measures whole and fitting measures
  // with it: the operations over the limit are measured whole by fitting anyway, and most of
  // their types were measured already for the operations under it (OpenAI: 10,728 nodes
  // measured by two sizers, 8,034 by one).
  const fitting = options.fit !== false;
  const screen = new ExpandedSizer(types.reader, fitting ? Number.POSITIVE_INFINITY : MAX_PARAMETERS_BYTES);
  const roots = plans.map((plan, i) => (declared[i] ? argumentsRoot(plan) : undefined));
  // Where the measure is only a bound (see ExpandedSizer), publishing's own expansion decides, once the types are known.
  const over = roots.map((root): 'no' | 'yes' | 'maybe' => {
    if (root === undefined) return 'no';
    const m = screen.measure(root);
    if (m.size <= MAX_PARAMETERS_BYTES && m.depth <= MAX_SCHEMA_DEPTH) return 'no';
    return m.exact && m.size > MAX_PARAMETERS_BYTES ? 'yes' : 'maybe';
  });
  // `returns` is held to the same limit (SPEC 8.2); measured up to the limit only, as it is not fitted (decision 0101).
  const returnsRoots = plans.map((plan, i) => (declared[i] ? plan.response.returns : undefined));
  const returnsScreen = new ExpandedSizer(types.reader, MAX_PARAMETERS_BYTES);
  // 'bytes': over the byte limit and not past the depth limit, so publishing's walk (in the same order) stops at the bytes.
  const returnsOver = returnsRoots.map((root): 'no' | 'yes' | 'bytes' | 'maybe' => {
    if (root === undefined) return 'no';
    const m = returnsScreen.measure(root);
    if (m.size <= MAX_PARAMETERS_BYTES && m.depth <= MAX_SCHEMA_DEPTH) return 'no';
    if (!m.exact || m.size <= MAX_PARAMETERS_BYTES) return 'maybe';
    return m.depth <= MAX_SCHEMA_DEPTH ? 'bytes' : 'yes';
  });
  const fitter = fitting && over.some((o) => o !== 'no') ? new Fitter(types.reader, MAX_PARAMETERS_BYTES, screen) : undefined;
  const keepFull = new Set(options.keepFull ?? []);
  const fits: (FitResult | undefined)[] = roots.map((root, i) => (over[i] !== 'no' && fitter && !keepFull.has(`${plans[i].method} ${plans[i].path}`) ? fitter.fit(root!) : undefined));
  const sites: TypeRef[][] = [];
  const owners: number[] = [];
  roots.forEach((root, i) => {
    if (root && !fits[i]?.ok) {
      sites.push(typeRefsIn(root));
      owners.push(i);
    }
    const returned = returnsRoots[i];
    if (returned !== undefined) {
      sites.push(typeRefsIn(returned));
      owners.push(i);
    }
  });
  types.decide(sites, owners);

  const shared = types.sharedTypes();
  const typeMap = new Map<string, unknown>();
  for (const t of shared) typeMap.set(t.name, t.schema);
  // A type written the same way into more than one fitted schema goes in types.json too (SPEC 1.5).
  const fitted = fitter
    ? shareFittedTypes(
        fits.map((f) => (f?.ok ? f.schema : undefined)),
        {
          typeOf: (subtree) => fitter.writtenType(subtree),
          overlay: (subtree) => fitter.overlay(subtree),
          shared: (pointer) => {
            const name = types.sharedName(pointer);
            return name === undefined ? undefined : { name, schema: typeMap.get(name) };
          },
          newName: (pointer) => types.fittedName(pointer),
        },
      )
    : undefined;
  for (const t of fitted?.types ?? []) typeMap.set(t.name, t.schema);

  const shapes = new ShapeWriter(types.reader, SHAPE_BUDGET);
  const bodyShapes = new ShapeWriter(types.reader, BODY_SHAPE_BUDGET);
  const files = new Map<string, string>();
  const opFiles: [string, string][] = [];
  const read = new Map<string, OperationFile>();
  // The files whose published parameters the screen (or fitting) measured within the limits: the rules need not expand them again (ConvertedFacts).
  const withinLimits = new Set<OperationFile>();
  // Of those parameters, the files whose `returns` the screen measured exactly over the byte limit alone.
  const returnsOverBytes = new Set<OperationFile>();
  // Fitted schemas hold their unchanged types as the same objects: each is formatted once.
  const fittedText = fitted && fits.some((f) => f?.ok) ? new SchemaTextMemo(fitted.schemas) : undefined;
  // A file is UTF-8 text: half a character from the spec (a JSON `\ud800` escape) that a
  // title or a name carried in is written U+FFFD, as the bundle would write it, and said.
  let halves = false;
  const wellFormed = (text: string) => {
    // Written as an escape (JSON.stringify writes one so into a quoted scalar or a schema),
    // half a character is in the value read back though not in the text: the frontmatter's
    // escapes become U+FFFD's too. The prose is markdown, where `\ud800` is only text.
    const end = text.startsWith('---\n') ? text.indexOf('\n---', 3) : -1;
    if (end !== -1) {
      const escaped = withoutEscapedLoneSurrogates(text.slice(0, end));
      if (escaped.changed) {
        halves = true;
        text = escaped.text + text.slice(end);
      }
    }
    if (!hasLoneSurrogate(text)) return text;
    halves = true;
    return toWellFormed(text);
  };
  // Invisible characters (tag characters, bidi controls, zero-width ones outside the scripts
  // that need them) are text a model reads and no one sees: each file is written without them,
  // and the report says how many, where, and what tag characters spelled (decision 0061).
  const hidden: { file: string; count: number; spelled: string[] }[] = [];
  const clean = (file: string, text: string) => {
    let whole = wellFormed(text);
    // A byte-order mark inside spec text is written as the escape `\ufeff` in the frontmatter
    // (decision 0072), where the text holds no invisible character: it goes too, and is counted.
    let escaped = 0;
    const end = whole.startsWith('---\n') ? whole.indexOf('\n---', 3) : -1;
    if (end !== -1 && /\\u[fF][eE][fF][fF]/.test(whole.slice(0, end))) {
      whole = whole.slice(0, end).replace(ESCAPED_BOM, (_, slashes: string) => (escaped++, slashes)) + whole.slice(end);
    }
    const { text: visible, runs } = withoutInvisible(whole);
    if (runs.length === 0 && escaped === 0) return whole;
    const count = escaped + runs.reduce((n, r) => n + [...whole.slice(r.index, r.index + r.length)].length, 0);
    hidden.push({ file, count, spelled: runs.flatMap((r) => (r.spelled === undefined ? [] : [r.spelled])) });
    return visible;
  };
  const write = (file: string, model: OperationFileModel, memo?: SchemaTextMemo) => {
    const { text, parsed } = writeAndReadOperationFile(file, model, memo);
    const final = clean(file, text);
    opFiles.push([file, final]);
    // Read again when what is written is not what was read: the rules check the file as written.
    read.set(file, final === text ? parsed : parseOperationFile(file, final));
  };
  const manifestOps: { name: string; description: string }[] = [];
  const reportDeclared: DeclaredOperation[] = [];
  const reportProse: ProseOnlyOperation[] = [];
  const reportFitted: FittedOperation[] = [];
  plans.forEach((plan, i) => {
    const base = bases[i];
    const file = `${base}.md`;
    const fit = fits[i];
    const { prose, description } = operationProse(plan, ctx, types, declared[i], fit?.ok ? { objects: fit.objects, shapes } : undefined, bodyShapes);
    manifestOps.push({ name: base, description });
    const entry = { ...reportOperation(plan.method, plan.path, plan.operation, ctx.placeOf(plan.pointer), plan.operationId), file };
    if (!declared[i]) {
      write(file, { prose });
      reportProse.push({ ...entry, reasons: plan.reasons });
      return;
    }
    const schema = fit?.ok ? fitted!.schemas[i]! : (types.materialize(roots[i]!) as Json);
    const named = (place: string) => {
      const list = plan.arguments.filter((a) => a.place === place).map((a) => a.name);
      return list.length > 0 ? list : undefined;
    };
    const fixed = Object.keys(plan.fixedHeaders).length > 0 ? plan.fixedHeaders : undefined;
    const returned = returnsRoots[i];
    const returns = returned === undefined ? undefined : types.materialize(returned);
    write(
      file,
      {
        operation: {
          method: plan.method,
          url: plan.url,
          ...(plan.safety.safety !== undefined ? { safety: plan.safety.safety } : {}),
          ...(plan.response.status !== undefined ? { status: plan.response.status } : {}),
          ...(plan.contentType !== undefined ? { contentType: plan.contentType } : {}),
          ...(fixed ? { headers: fixed } : {}),
          schema,
          ...(plan.bodyArgument !== undefined ? { bodyArgument: plan.bodyArgument } : {}),
          query: named('query'),
          header: named('header'),
          deep: plan.deep.length > 0 ? plan.deep : undefined,
          ...(returns !== undefined ? { returns } : {}),
        },
        prose,
      },
      fit?.ok ? fittedText : undefined,
    );
    const tool = toolName(skill, base);
    const features = REQUEST_FEATURES.filter((f) => plan.features.includes(f));
    const { safety, from, suggested } = plan.safety;
    reportDeclared.push({
      ...entry,
      tool,
      ...(features.length > 0 ? { requestFeatures: features } : {}),
      ...(safety !== undefined && from !== undefined ? { safety: { value: safety, from } } : {}),
      ...(suggested !== undefined ? { suggestedSafe: suggested } : {}),
    });
    if (safety !== undefined && from !== undefined) ctx.warn('safety-from-spec', `${codeSpan(base)} is declared ${safety}, as the spec's ${codeSpan(from)} says (a ${plan.method} is ${methodSafety(plan.method)} by default)`, plan.pointer);
    if (suggested !== undefined) ctx.warn('safety-suggested', `${codeSpan(base)} may only read (its name or summary says ${suggested.map(codeSpan).join(', ')}): if it changes nothing, declare it \`safety: safe\`; it is left ${methodSafety(plan.method)}, as a ${plan.method} is by default`, plan.pointer);
    if (returnsOver[i] === 'yes' || returnsOver[i] === 'bytes' || (returnsOver[i] === 'maybe' && !expandRefs(returns, typeMap).ok)) {
      ctx.warn('returns-size', `${codeSpan(base)}: its \`returns\`, with every shared type written out, passes the ${groupDigits(MAX_PARAMETERS_BYTES)}-byte limit (or nests too deep): it is kept in the file, and publishing gives the tool without it (no output schema) until it is cut down or narrowed by \`pick\``, plan.pointer);
    }
    // A fitted operation is measured within them by fitting, exactly where the screen's measure of it was exact; `returns` by its own screen.
    if (over[i] === 'no' || (fit?.ok && over[i] === 'yes')) {
      if (returnsOver[i] === 'no') withinLimits.add(read.get(file)!);
      else if (returnsOver[i] === 'bytes') returnsOverBytes.add(read.get(file)!);
    }
    if (fit?.ok) {
      reportFitted.push({ ...entry, tool, fits: true, bytesBefore: fit.before, bytesAfter: fit.after, steps: fit.steps });
      return;
    }
    // SPEC 2: over 24 KiB expanded is refused.
    if (over[i] === 'no' || (over[i] === 'maybe' && expandRefs(schema, typeMap).ok)) return;
    const limit = groupDigits(MAX_PARAMETERS_BYTES);
    if (!fit) {
      ctx.warn('expanded-size', `${codeSpan(base)}: its parameters, with every shared type written out, pass the ${limit}-byte limit (or nest too deep), so it fails expanded-size and is not published until the schema is cut down (it was not fitted: ${options.fit === false ? 'fitting was turned off' : 'its full schema was asked for'})`, plan.pointer);
      return;
    }
    const why =
      fit.reason === 'required'
        ? `its required arguments alone come to ${groupDigits(fit.requiredBytes)} bytes after every fitting step, and fitting never removes a required argument`
        : fit.reason === 'depth'
          ? `they nest deeper than ${MAX_SCHEMA_DEPTH} levels, which fitting does not change`
          : fit.reason === 'search'
            ? 'they hold too many nested schemas to search for objects to replace'
            : `every fitting step together brings them to ${groupDigits(fit.after)} bytes, and what is left is arguments fitting does not remove or replace`;
    ctx.warn('expanded-size', `${codeSpan(base)}: its parameters, with every shared type written out, pass the ${limit}-byte limit and cannot be fitted: ${why}; it fails expanded-size and is not published until the schema is cut down`, plan.pointer);
    if (fit.reason !== 'depth') reportFitted.push({ ...entry, tool, fits: false, bytesBefore: fit.before, bytesAfter: fit.after, steps: [], reason: why });
  });

  const serversReport = servers.report();
  const weakDescriptions = describedBadly(plans, bases, manifestOps, declared, ctx);
  files.set('SKILL.md', clean('SKILL.md', buildManifest(ctx, skill, source, security, manifestOps, sha256, writeGenerationRecord(generationRecord({ ...options, ...options.curation })), unresolvedMetadata(options))));
  // As measured: a types.json made well-formed is not the one measured, and the rules then measure again.
  const typesText = typeMap.size > 0 ? writeTypesFile(typeMap) : undefined;
  if (typesText !== undefined) files.set('types.json', clean('types.json', typesText));
  opFiles.sort((a, b) => compareStrings(a[0], b[0]));
  for (const [file, text] of opFiles) files.set(file, text);
  if (hidden.length > 0) ctx.warn('invisible-characters', hiddenMessage(hidden), '');
  if (halves) ctx.warn('lone-surrogate', 'The spec\'s text holds lone surrogates (half characters, as a `\\ud800` escape writes); they are written as U+FFFD (�)', '');

  return {
    folder: skill,
    files,
    read,
    converted: { withinLimits, returnsOverBytes, typesText },
    report: {
      skill,
      source: { title: source.title, version: source.version, format: loaded.format.label, sha256, entry: loaded.entry },
      operationCount,
      declared: reportDeclared,
      proseOnly: reportProse,
      fitted: reportFitted,
      skipped,
      ...(unreadPathItems.length > 0 ? { unreadPathItems } : {}),
      leftOut: [],
      sharedTypes: [
        ...shared.map((t): SharedTypeEntry => ({ name: t.name, why: t.why, operations: t.operations, location: ctx.placeOf(t.pointer) })),
        ...(fitted?.types ?? []).map((t): SharedTypeEntry => ({ name: t.name, why: 'fitted', operations: t.operations, location: ctx.placeOf(t.pointer) })),
      ].sort((a, b) => compareStrings(a.name, b.name)),
      servers: serversReport,
      weakDescriptions,
      warnings: byPlace(ctx.warnings),
    },
  };
}

/** The declared operations the `description-quality` rule will flag, for the report to count. */
function describedBadly(plans: OperationPlan[], bases: string[], manifestOps: { description: string }[], declared: boolean[], ctx: ConvertContext): WeakDescription[] {
  const at = plans.map((_, i) => i).filter((i) => declared[i]);
  const tools = at.map((i) => ({ base: bases[i], method: plans[i].method, url: plans[i].url, description: manifestOps[i].description }));
  return descriptionFindings(tools).map((f) => {
    const i = at[f.index];
    const sameAs = f.sameAs === undefined ? undefined : `${tools[f.sameAs].base}.md`;
    return { file: `${bases[i]}.md`, message: findingMessage(tools[f.index].description, f, sameAs), ...(sameAs !== undefined ? { sameAs } : {}), location: ctx.placeOf(plans[i].pointer) };
  });
}

/** The arguments as one schema (SPEC 1.3), converted: each argument's schema as its place in the spec gave it, references unresolved. */
function argumentsRoot(plan: OperationPlan): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const a of plan.arguments) {
    setOwn(properties, a.name, a.schema);
    if (a.required) required.push(a.name);
  }
  const root: Json = { type: 'object' };
  if (required.length > 0) root.required = required;
  root.properties = properties;
  if (plan.body.kind === 'fields' && plan.body.constraints) for (const k of Object.keys(plan.body.constraints)) root[k] = plan.body.constraints[k];
  // A free-form body: every argument not named as a path or query parameter is one of its fields.
  if (plan.body.kind === 'fields' && plan.body.extra !== undefined) root.additionalProperties = plan.body.extra;
  return root;
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
          ...reportOperation(method, `${name}: ${expression}`, cbOp, ctx.locate(opAt)),
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
        ...reportOperation(method, name, op, ctx.locate(at)),
        kind: 'webhook',
        reason: 'a webhook is a call the API makes, not one an agent makes',
      });
    });
  }
}

/**
 * An operation as the report names it (SPEC 4.7): method, path, operationId, its tags and
 * whether it is deprecated (what curation chooses by), and its place in the spec.
 * `operationId` is the plan's when given (a blank one is none).
 */
function reportOperation(method: string, path: string, op: OperationObject, location: SpecLocation, operationId = typeof op.operationId === 'string' ? op.operationId : undefined): ReportOperation {
  return {
    method: method.toUpperCase(),
    path,
    operationId,
    tags: operationTags(op),
    ...(op.deprecated === true ? { deprecated: true as const } : {}),
    location,
  };
}

/** Warnings in the order of their place in the spec (file, line, column), else in the order they were found. */
function byPlace(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => compareStrings(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** A byte-order mark written as an escape, its backslash not itself escaped; group 1 the backslash pairs before it. */
const ESCAPED_BOM = /(?<!\\)((?:\\\\)*)\\u[fF][eE][fF][fF]/g;

/** Files named in the report's line on invisible characters; the rest are counted. */
const HIDDEN_FILES_NAMED = 5;

/** The report's line on the invisible characters the conversion removed. */
function hiddenMessage(hidden: readonly { file: string; count: number; spelled: string[] }[]): string {
  const count = hidden.reduce((n, h) => n + h.count, 0);
  const files = hidden.map((h) => codeSpan(h.file));
  const named = files.length > HIDDEN_FILES_NAMED ? `${files.slice(0, HIDDEN_FILES_NAMED).join(', ')} and ${files.length - HIDDEN_FILES_NAMED} more` : files.join(', ');
  const spelled = [...new Set(hidden.flatMap((h) => h.spelled))];
  const said = spelled.length === 0 ? '' : `; as tag characters they spelled ${spelled.slice(0, 3).map((t) => JSON.stringify(t)).join(', ')}${spelled.length > 3 ? ` and ${spelled.length - 3} more` : ''}`;
  return `The spec's text holds ${groupDigits(count)} invisible ${count === 1 ? 'character' : 'characters'} (tag characters, bidi controls or zero-width characters a model reads and a person does not see), removed from ${named}${said}`;
}

/** What SKILL.md's metadata records of the spec's unresolved references (`skillVerdict` reads it). */
function unresolvedMetadata(options: ConvertOptions): Record<string, string> {
  const count = options.unresolvedReferences ?? 0;
  if (count === 0) return {};
  return { [UNRESOLVED_METADATA]: String(count), ...(options.withoutUnresolved === true ? { [WITHOUT_UNRESOLVED_METADATA]: 'true' } : {}) };
}
