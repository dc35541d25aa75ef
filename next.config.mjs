/**
 * The page's own defences, beside rendering every spec text as text (BAD-INPUT 17): scripts
 * only from this app, no eval, no plugins, frames, forms or base changes. `connect-src` stays
 * open to http(s) because a spec may be fetched by its address, by the browser (BAD-INPUT 21).
 * Next's bootstrap scripts are inline, hence 'unsafe-inline' for scripts; the development
 * server also needs 'unsafe-eval'.
 *
 * The worker is the one place that evaluates code: Ajv compiles each tool's argument schema
 * to a function. A dedicated worker takes the policy its own script is served with, so the
 * app's scripts (`/_next/static/`) are served with 'unsafe-eval' and the page is not: only a
 * script started as a worker gets to use it.
 */
const dev = process.env.NODE_ENV !== 'production';
const policy = (scripts) => [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${scripts}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' http: https:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');
const pagePolicy = policy(dev ? " 'unsafe-eval'" : '');
const workerPolicy = policy(" 'unsafe-eval'");
const common = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The server never touches a spec (SPEC 0): it only serves the app's static pages.
  async headers() {
    return [
      { source: '/((?!_next/static/).*)', headers: [{ key: 'Content-Security-Policy', value: pagePolicy }, ...common] },
      { source: '/_next/static/:path*', headers: [{ key: 'Content-Security-Policy', value: workerPolicy }, ...common] },
    ];
  },
};

export default nextConfig;
