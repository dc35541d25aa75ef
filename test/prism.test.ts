import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, readManifest, type CorpusSpec } from './corpus';
import { PRISM_BIN, runSpec, type RunOptions, type SentOperation } from './prism';
import { ALLOWED, type Allowed } from './prism-allowed';

/**
 * Every request `call` builds for a vendor spec's declared operations, judged by an
 * independent validator: Stoplight's Prism, mocking the spec (test/prism.ts says how it is
 * served and how arguments are chosen). Prism must report no request violation, save the
 * refusals test/prism-allowed.ts lists, each with the spec's or Prism's fault that explains it.
 *
 * `npm test` sends a subset (Stripe's form bodies, Twilio's parameters inside a segment,
 * Kubernetes' merge-patch bodies, a Swagger 2.0 spec); `npm run test:corpus` sends every
 * declared operation of every spec; `PRISM_CORPUS=box-platform,okta-management` every declared
 * operation of the specs named. Skipped when `../shared/specs` is absent, or when Prism is
 * not installed or cannot start.
 */
const named = process.env.PRISM_CORPUS === undefined || process.env.PRISM_CORPUS === 'all' ? undefined : new Set(process.env.PRISM_CORPUS.split(',').map((s) => s.trim()));
const everySpec = process.env.PRISM_CORPUS === 'all' || named !== undefined;
const present = corpusAvailable() && existsSync(PRISM_BIN);

type Pick = NonNullable<RunOptions['only']>;

/** The subset `npm test` sends: the specs, and of each the operations, that show each kind of request. */
const SUBSET: Record<string, Pick | undefined> = {
  // Form bodies with bracket-style fields, nested three deep.
  'stripe-core': (op) => /^\/v1\/(customers|payment_intents|refunds|prices|products|subscriptions)(\/|$)/.test(op.path),
  // `{Sid}.json`: parameters inside a path segment, and form bodies.
  'twilio-api-v2010': (op) => /\/(Calls|Messages|Queues)(\/|\.json)/.test(op.path),
  // `application/merge-patch+json` and its siblings, and the core group's other verbs.
  'kubernetes-core': (op) => op.path.startsWith('/api/v1/namespaces/{namespace}/') && /\/(configmaps|pods|services)(\/\{name\})?$/.test(op.path),
  // Swagger 2.0: `formData`, `collectionFormat`, header parameters.
  'swagger-petstore-v2': undefined,
};

function describeRefusal(s: SentOperation): string[] {
  if (s.violations.length > 0) return s.violations.map((v) => `${v.location.join('.')}: ${v.message}`);
  return [s.problem ?? `status ${s.status}`];
}

/** The allow-list entry explaining every finding of a refusal, if one does. */
function allowedBy(entries: readonly Allowed[], s: SentOperation): Allowed | undefined {
  const operation = `${s.method} ${s.path}`;
  const mine = entries.filter((e) => (typeof e.operation === 'string' ? e.operation === operation || e.operation === '*' : e.operation.test(operation)));
  const findings = describeRefusal(s);
  const explained = mine.filter((e) => findings.some((f) => e.rule.test(f)));
  return findings.every((f) => explained.some((e) => e.rule.test(f))) ? explained[0] : undefined;
}

const rows: CorpusSpec[] = present ? readManifest().filter((r) => r.operations > 0 && (named ? named.has(r.folder) : everySpec || Object.hasOwn(SUBSET, r.folder))) : [];

describe.skipIf(!present)('Prism accepts the requests call builds', () => {
  for (const row of rows) {
    it(`for the declared operations of ${row.folder}`, { timeout: 20 * 60_000 }, async (ctx) => {
      const only = everySpec ? undefined : SUBSET[row.folder];
      let run;
      try {
        run = await runSpec(row, { full: true, only });
      } catch (e) {
        if (/Prism (did not start|exited)/.test((e as Error).message)) ctx.skip();
        throw e;
      }
      const entries = ALLOWED.filter((a) => a.spec === row.folder);
      const judged = [...run.refused, ...run.crashed];
      const used = new Set<Allowed>();
      const unexplained: string[] = [];
      for (const s of judged) {
        const entry = allowedBy(entries, s);
        if (entry) {
          for (const e of entries) if (describeRefusal(s).some((f) => e.rule.test(f))) used.add(e);
        } else unexplained.push(`${s.method} ${s.path} (${s.file}): ${describeRefusal(s).join('; ')} | sent ${s.request.method} ${s.request.url} ${s.request.body?.slice(0, 300) ?? ''}`);
      }
      const accepted = run.sent.length - judged.length;
      console.log(
        `${row.folder}: ${run.declared} declared operations${only ? ' of the subset' : ''}, ${run.sent.length} sent, ${accepted} accepted, ${run.refused.length} refused, ${run.crashed.length} Prism could not read (${judged.length - unexplained.length} of these allow-listed), ${run.unbuilt.length} with no arguments the tool takes; Prism started in ${(run.startMs / 1000).toFixed(1)} s, the sends took ${(run.sendMs / 1000).toFixed(1)} s`,
      );
      expect(unexplained).toEqual([]);
      // No entry outlives the refusal it explains (checked when the whole spec was sent).
      if (!only) expect(entries.filter((e) => !used.has(e)).map((e) => `${e.operation} ${e.rule}`)).toEqual([]);
      // An operation the sampler found no arguments for (a union body it cannot fill) is counted above, not failed: nothing was sent.
      if (run.unbuilt.length > 0) console.log(`${row.folder}: no arguments sampled for ${run.unbuilt.map((u) => u.file).join(', ')}`);
    });
  }
});
