/**
 * Run by `npm run build` right after `next build`: the page's content security policy allows
 * exactly the inline scripts Next wrote into the prerendered pages, by their SHA-256, instead
 * of `'unsafe-inline'`.
 *
 * The page is static: its three inline scripts (Turbopack's bootstrap and the React Server
 * Components payload) are fixed at build time, so their hashes are known once the HTML is
 * written, and the page stays prerendered. Next's nonces would need every request rendered
 * anew (`proxy.ts` plus dynamic rendering; measured at 2–3 times the time per request of the
 * static page on this machine). next.config.mjs writes `'unsafe-inline'` into the page's
 * `script-src`; this script replaces it, in the routes manifest `next start` serves headers
 * from, with the hashes of every prerendered page's inline scripts. If Next ever moves
 * either file, this fails loudly rather than ship the weaker policy, and the e2e test reads
 * the served header.
 *
 *   tsx scripts/csp-hashes.ts [.next]
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * `'sha256-…'` of every inline script in `html` (a `<script>` without `src`, with a body),
 * hashed over its exact text as the browser does (CSP 3, "script-src" hash sources).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The policy with `'unsafe-inline'` in its `script-src` replaced by `hashes`; undefined when
 * its `script-src` has no `'unsafe-inline'` (another rule's policy, left as it is).
 */
export function withScriptHashes(policy: string, hashes: readonly string[]): string | undefined {
  let replaced = false;
  const directives = policy.split(';').map((directive) => {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name !== 'script-src' || !sources.includes("'unsafe-inline'")) return directive.trim();
    replaced = true;
    return [name, ...sources.filter((s) => s !== "'unsafe-inline'"), ...hashes].join(' ');
  });
  return replaced ? directives.join('; ') : undefined;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await htmlFiles(full)));
    else if (entry.name.endsWith('.html')) found.push(full);
  }
  return found;
}

interface RoutesManifest {
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

async function main(distDir: string): Promise<void> {
  const pages = await htmlFiles(join(distDir, 'server/app'));
  const hashes = new Set<string>();
  for (const page of pages) for (const hash of inlineScriptHashes(await readFile(page, 'utf8'))) hashes.add(hash);
  if (hashes.size === 0) throw new Error(`no inline script found in the prerendered pages of ${distDir}/server/app: has Next changed where it writes them?`);
  const manifestPath = join(distDir, 'routes-manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as RoutesManifest;
  let rules = 0;
  for (const rule of manifest.headers) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() !== 'content-security-policy') continue;
      const policy = withScriptHashes(header.value, [...hashes].sort());
      if (policy === undefined) continue;
      header.value = policy;
      rules++;
    }
  }
  if (rules === 0) throw new Error(`no script-src 'unsafe-inline' to replace in ${manifestPath}: has Next changed how it keeps headers?`);
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`csp: script-src allows ${hashes.size} inline scripts by hash (${pages.length} prerendered pages), no 'unsafe-inline'`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(resolve(process.argv[2] ?? '.next'));
}
