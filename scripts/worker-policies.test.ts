import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFetchWorker } from '../components/wizard/io/browser-files';
import { FETCH_WORKER_QUERY } from '../components/wizard/io/worker-supervisor';
import { sendCall } from '../components/wizard/io/send-supervisor';

type Rule = { source: string; has?: { type: string; key: string; value?: string }[]; headers: { key: string; value: string }[] };

/** next.config.mjs's header rules as `next start` serves them (NODE_ENV=production). */
async function productionRules(): Promise<Rule[]> {
  vi.stubEnv('NODE_ENV', 'production');
  vi.resetModules();
  // @ts-expect-error: the config is plain JavaScript, read here as Next reads it.
  const config = (await import('../next.config.mjs')).default as { headers: () => Promise<Rule[]> };
  return config.headers();
}

/**
 * The policy a request for `path` with `query` is served with: the value of the last rule
 * that matches and sets it, as Next sends it.
 */
function policyFor(rules: Rule[], path: string, query: Record<string, string> = {}): Map<string, string[]> {
  let value: string | undefined;
  for (const rule of rules) {
    const prefix = rule.source.replace(/:path\*$/, '');
    const matches = rule.source.startsWith('/((?!_next/static/)') ? !path.startsWith('/_next/static/') : path.startsWith(prefix);
    if (!matches || !(rule.has ?? []).every((h) => h.type === 'query' && query[h.key] === h.value)) continue;
    value = rule.headers.find((h) => h.key === 'Content-Security-Policy')?.value ?? value;
  }
  return new Map((value ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

// BAD-INPUT 51: the worker that reads every spec could evaluate code and connect anywhere.
describe('the workers\' content security policies', () => {
  it('lets the wizard\'s worker evaluate code (Ajv) and connect nowhere', async () => {
    const wizard = policyFor(await productionRules(), '/_next/static/chunks/turbopack-worker-1abc.js');
    expect(wizard.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(wizard.get('connect-src')).toEqual(["'none'"]);
  });

  it('lets the fetch worker connect to any http(s) server and evaluate nothing', async () => {
    const fetcher = policyFor(await productionRules(), '/_next/static/chunks/turbopack-worker-1abc.js', { [FETCH_WORKER_QUERY.key]: FETCH_WORKER_QUERY.value });
    expect(fetcher.get('script-src')).toEqual(["'self'"]);
    expect(fetcher.get('connect-src')).toEqual(["'self'", 'http:', 'https:']);
  });

  it('keeps the page to its own origin, with no eval', async () => {
    const page = policyFor(await productionRules(), '/');
    expect(page.get('script-src')).not.toContain("'unsafe-eval'");
    expect(page.get('connect-src')).toEqual(["'self'"]);
  });

  it('starts the fetch worker with the query that asks for its policy, and leaves the global Worker as it was', () => {
    const started: URL[] = [];
    class FakeWorker {
      constructor(script: string | URL) {
        started.push(new URL(script));
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    startFetchWorker();
    expect(started).toHaveLength(1);
    expect(started[0].searchParams.get(FETCH_WORKER_QUERY.key)).toBe(FETCH_WORKER_QUERY.value);
    expect(globalThis.Worker).toBe(FakeWorker);
  });

  it("starts the Call tab's send worker with the fetch worker's query too: it connects, and evaluates nothing", () => {
    const started: URL[] = [];
    class FakeWorker {
      onmessage = null;
      onerror = null;
      constructor(script: string | URL) {
        started.push(new URL(script));
      }
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', FakeWorker);
    const controller = new AbortController();
    void sendCall({ request: { method: 'GET', url: 'https://inn.example/rooms', headers: {} } }, { signal: controller.signal });
    controller.abort();
    expect(started).toHaveLength(1);
    expect(started[0].searchParams.get(FETCH_WORKER_QUERY.key)).toBe(FETCH_WORKER_QUERY.value);
    expect(globalThis.Worker).toBe(FakeWorker);
  });
});
