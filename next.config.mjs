/**
 * The page's own defences, beside rendering every spec text as text (BAD-INPUT 17, 34):
 * scripts only from this app, no eval, no plugins, frames, forms or base changes, and no
 * framing by another page (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for
 * browsers that predate it).
 *
 * Inline scripts: Next's bootstrap scripts are inline. In production the page's `script-src`
 * allows exactly those, by hash: `scripts/csp-hashes.ts`, run by `npm run build` after
 * `next build`, replaces the `'unsafe-inline'` written here with the SHA-256 of each inline
 * script of the prerendered pages (why hashes and not nonces: see that file and
 * docs/decisions/0037-content-security-policy.md). The development server keeps `'unsafe-inline'` and needs 'unsafe-eval'.
 *
 * Connections: the page connects only to itself. Fetching a spec by its address (BAD-INPUT
 * 21) runs in a worker started for that fetch alone (`components/wizard/io/fetch-spec.worker.ts`):
 * a dedicated worker takes the policy its own script is served with. The bundler starts every
 * worker from one bootstrap script under `/_next/static/`, so the fetch worker asks for it
 * with `?worker=fetch` (`startFetchWorker`), and only that address is served with
 * `connect-src` open to http(s). Sending a call from the Call tab runs in such a worker too
 * (`components/wizard/io/send-call.worker.ts`, started the same way). So only the code the
 * app ships, started as such a worker, reaches other servers; a script injected into the
 * page could not.
 *
 * Eval: the wizard's worker is the one place that evaluates code (Ajv compiles each tool's
 * argument schema to a function), so 'unsafe-eval' is in the policy of the scripts under
 * `/_next/static/` and never in the page's: only a script started as a worker gets to use it.
 * That worker reads every spec and connects nowhere (`connect-src 'none'`); the fetch worker,
 * which connects, evaluates nothing (BAD-INPUT 51). The development server keeps both open.
 */
const dev = process.env.NODE_ENV !== 'production';
const policy = ({ scripts, connect }) =>
  [
    "default-src 'self'",
    `script-src 'self'${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
const devScripts = " 'unsafe-inline' 'unsafe-eval'";
// 'unsafe-inline' here is replaced by the inline scripts' hashes after the build.
const pagePolicy = policy({ scripts: dev ? devScripts : " 'unsafe-inline'", connect: dev ? "'self' ws:" : "'self'" });
/** The scripts under /_next/static/, and the wizard's worker started from them: eval for Ajv, no network. */
const workerPolicy = policy({ scripts: dev ? devScripts : " 'unsafe-eval'", connect: dev ? "'self' ws: http: https:" : "'none'" });
/** The fetch worker's script (`?worker=fetch`): any http(s) server, no eval. */
const fetchWorkerPolicy = policy({ scripts: dev ? devScripts : '', connect: dev ? "'self' ws: http: https:" : "'self' http: https:" });
const common = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `PROFILE_SOURCE_MAPS=1 npm run build`: source maps for bench/keystroke-profile.ts to name functions by their source.
  productionBrowserSourceMaps: process.env.PROFILE_SOURCE_MAPS === "1",
  // The server never touches a spec (SPEC 0): it only serves the app's static pages.
  async headers() {
    return [
      { source: '/((?!_next/static/).*)', headers: [{ key: 'Content-Security-Policy', value: pagePolicy }, ...common] },
      { source: '/_next/static/:path*', headers: [{ key: 'Content-Security-Policy', value: workerPolicy }, ...common] },
      // After the rule above: of two rules that set a header, the later one's value is sent.
      { source: '/_next/static/:path*', has: [{ type: 'query', key: 'worker', value: 'fetch' }], headers: [{ key: 'Content-Security-Policy', value: fetchWorkerPolicy }] },
    ];
  },
};

export default nextConfig;
