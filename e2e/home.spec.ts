import { expect, test } from '@playwright/test';

test('the home page is served and names the product', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Skill Wizard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the page is served with a content security policy that allows only its own scripts, inline ones by hash, no eval, no framing, connections only to itself (BAD-INPUT 34)', async ({ page, baseURL }) => {
  const csp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) csp.push(m.text());
  });
  const response = await page.goto('/');
  const headers = response!.headers();
  const directives = new Map(headers['content-security-policy'].split(';').map((d) => {
    const [name, ...sources] = d.trim().split(/\s+/);
    return [name, sources] as const;
  }));
  const scripts = directives.get('script-src')!;
  expect(scripts[0]).toBe("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  // Every inline script of the page is allowed by its hash, and nothing else is.
  const inline = await page.evaluate(async () => {
    const digest = async (text: string) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))));
    return Promise.all([...document.scripts].filter((s) => !s.src && s.text).map(async (s) => `'sha256-${await digest(s.text)}'`));
  });
  expect(inline.length).toBeGreaterThan(0);
  expect(scripts.slice(1)).toEqual(expect.arrayContaining(inline));
  for (const source of scripts.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('form-action')).toEqual(["'none'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The app runs under it: the worker starts, compiles its validators and converts the sample.
  await page.getByRole('button', { name: 'Try the sample spec' }).click();
  await expect(page.getByLabel('Skill status')).toContainText('5 tools');
  expect(csp).toEqual([]);
  // The page itself cannot reach another origin (the app under another name).
  const elsewhere = `http://localhost:${new URL(baseURL!).port}/samples/hollowbrook.openapi.yaml`;
  const fromPage = await page.evaluate((url) => fetch(url).then(() => 'fetched', (e: Error) => e.message), elsewhere);
  expect(fromPage).not.toBe('fetched');
  await expect.poll(() => csp.join('\n')).toContain('connect-src');
  // Only scripts started as a worker may evaluate code (Ajv compiles argument schemas there), and that worker connects nowhere (BAD-INPUT 51).
  const script = await page.evaluate(() => [...document.scripts].map((s) => s.src).find((src) => src.includes('/_next/static/')));
  const served = (await page.request.get(script!)).headers();
  expect(served['content-security-policy']).toContain("script-src 'self' 'unsafe-eval';");
  expect(served['content-security-policy']).toContain("connect-src 'none';");
  // The fetch worker's script reaches other servers (a spec's address) and evaluates nothing.
  const fetcher = (await page.request.get(`${script!}?worker=fetch`)).headers();
  expect(fetcher['content-security-policy']).toContain("script-src 'self';");
  expect(fetcher['content-security-policy']).toContain("connect-src 'self' http: https:;");
});
