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

test('the page is served with a content security policy that allows only its own scripts, and no eval', async ({ page }) => {
  const csp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) csp.push(m.text());
  });
  const response = await page.goto('/');
  const policy = response!.headers()['content-security-policy'];
  expect(policy).toContain("script-src 'self' 'unsafe-inline'");
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("form-action 'none'");
  expect(response!.headers()['x-content-type-options']).toBe('nosniff');
  // The app runs under it: the worker starts and converts the sample.
  await page.getByRole('button', { name: 'Try the sample spec' }).click();
  await expect(page.getByLabel('Skill status')).toContainText('5 tools');
  expect(csp).toEqual([]);
  // Only scripts started as a worker may evaluate code (Ajv compiles argument schemas there).
  const script = await page.evaluate(() => [...document.scripts].map((s) => s.src).find((src) => src.includes('/_next/static/')));
  const served = await page.request.get(script!);
  expect(served.headers()['content-security-policy']).toContain("'unsafe-eval'");
});
