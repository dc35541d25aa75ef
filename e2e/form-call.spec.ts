import { expect, test } from '@playwright/test';
import { WizardPage } from './wizard-page';

// A small API shaped like Stripe's (a spec of our own): a form-encoded body with a nested
// `metadata` field sent in bracket style, as the spec's `encoding` says.
const spec = {
  openapi: '3.0.0',
  info: { title: 'Shaped Payments', version: '2023-05-30', description: 'A small API shaped like a payments API that takes form-encoded bodies.' },
  servers: [{ url: 'https://api.payments.example.com' }],
  security: [{ bearerAuth: [] }],
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/v1/payment_intents': {
      post: {
        operationId: 'PostPaymentIntents',
        summary: 'Create a payment intent for an amount in a currency',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              encoding: { metadata: { style: 'deepObject', explode: true } },
              schema: {
                type: 'object',
                required: ['amount', 'currency'],
                properties: {
                  amount: { type: 'integer', description: 'Amount to collect, in the smallest currency unit.' },
                  currency: { type: 'string', description: 'Three-letter currency code, in lowercase.' },
                  description: { type: 'string', maxLength: 1000, description: 'An arbitrary string attached to the object.' },
                  metadata: { type: 'object', additionalProperties: { type: 'string' }, description: 'Key-value pairs attached to the object.' },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'The payment intent', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } },
      },
    },
  },
};

test('a form-body operation: the Call tab and Copy as curl show the encoded body, and the bundle\'s tools.json and call section agree', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'payments.json', buffer: Buffer.from(JSON.stringify(spec)) }]);
  await expect(wizard.status).toContainText('1 tool', { timeout: 30_000 });
  await wizard.openFile('post_payment_intents.md');

  await page.getByRole('tab', { name: 'Call' }).click();
  await page.getByLabel('Arguments (JSON)').fill('{"amount": 2000, "currency": "usd", "description": "Blue shoes", "metadata": {"order": "6735"}}');
  const request = page.getByLabel('HTTP request');
  await expect(request).toContainText('POST https://api.payments.example.com/v1/payment_intents');
  await expect(request).toContainText('Content-Type: application/x-www-form-urlencoded');
  await expect(request).toContainText('amount=2000&currency=usd&description=Blue+shoes&metadata[order]=6735');

  await page.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = page.getByLabel('The request as curl');
  await expect(curl).toContainText(`-H 'Content-Type: application/x-www-form-urlencoded'`);
  await expect(curl).toContainText(`--data-urlencode 'metadata[order]=6735'`);
  await expect(curl).toContainText(`--data-raw 'description=Blue+shoes'`);
  await expect(curl).toContainText(`-H "Authorization: Bearer $BEARER_AUTH"`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await curl.innerText());
  await page.getByRole('button', { name: 'Copy as fetch' }).click();
  await expect(page.getByLabel('The request as fetch')).toContainText('"metadata[order]=6735",');

  await page.getByRole('tab', { name: 'In the bundle' }).click();
  await expect(page.getByLabel('File in the bundle')).toContainText('Body: form-encoded, sent with `Content-Type: application/x-www-form-urlencoded`');

  await page.getByLabel('include tools.json').check();
  const files = await WizardPage.unzip((await wizard.download()).bytes);
  const tools = JSON.parse(files.get('tools.json')!) as { alias: string; parameters: { properties: Record<string, unknown>; required?: string[] } }[];
  const tool = tools.find((t) => t.alias === 'post_payment_intents')!;
  const section = files.get('post_payment_intents.md')!.split('## The call')[1];
  expect(section).toContain('- `metadata` (object, optional; sent in brackets, `metadata[key]=value`)');
  // Every argument the tool takes is listed once in the call section, required as the tool says.
  const listed = [...section.matchAll(/^- `([^`]+)` \([^\n]*?(required|optional)[;)]/gm)].map((m) => [m[1], m[2]]);
  const required = new Set(tool.parameters.required ?? []);
  expect(listed).toEqual(Object.keys(tool.parameters.properties).map((name) => [name, required.has(name) ? 'required' : 'optional']));
  expect(wizard.errors).toEqual([]);
});
