import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { WizardPage } from './wizard-page';

// A shop whose searches are POSTs: three of them only read, one creates, one deletes. The
// order list gives an example response; its `returns` has more than an agent needs.
const order = { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' }, customer: { type: 'string' }, notes: { type: 'string' }, lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer' } } } } } };
const spec = {
  openapi: '3.0.3',
  info: { title: 'Promises Shop', version: '1.0.0' },
  servers: [{ url: 'https://shop.example.com/v1' }],
  paths: {
    '/orders': {
      get: {
        operationId: 'listOrders',
        summary: 'List orders',
        responses: {
          '200': {
            description: 'The orders',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { data: { type: 'array', items: order }, has_more: { type: 'boolean' }, url: { type: 'string' } } },
                example: {
                  data: [
                    { id: 'ord_1', status: 'paid', customer: 'cus_1', notes: 'Leave the parcel with the neighbour at number twelve.', lines: [{ sku: 'TEA-01', quantity: 2 }] },
                    { id: 'ord_2', status: 'open', customer: 'cus_2', notes: 'Gift wrap, and no invoice in the box please.', lines: [{ sku: 'MUG-07', quantity: 1 }] },
                  ],
                  has_more: false,
                  url: '/v1/orders',
                },
              },
            },
          },
        },
      },
      post: { operationId: 'createOrder', summary: 'Create an order', requestBody: { content: { 'application/json': { schema: order } } }, responses: { '201': { description: 'Created', content: { 'application/json': { schema: order } } } } },
    },
    '/orders/{id}': {
      delete: { operationId: 'deleteOrder', summary: 'Delete an order', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '204': { description: 'Gone' } } },
    },
    '/orders/search': {
      post: { operationId: 'findOrders', summary: 'Find orders by text', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } } } } } }, responses: { '200': { description: 'Found', content: { 'application/json': { schema: { type: 'array', items: order } } } } } },
    },
    '/orders/tally': {
      post: { operationId: 'tallyOrders', summary: 'Tally orders by status', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { status: { type: 'string' } } } } } }, responses: { '200': { description: 'Tally', content: { 'application/json': { schema: { type: 'object', properties: { total: { type: 'integer' } } } } } } } },
    },
    '/quotes': {
      post: { operationId: 'quoteShipping', summary: 'Quote the shipping of a basket', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { sku: { type: 'string' } } } } } }, responses: { '200': { description: 'Quote', content: { 'application/json': { schema: { type: 'object', properties: { price: { type: 'number' } } } } } } } },
    },
  },
};

test.describe.configure({ timeout: 120_000 });

test('mark three POSTs safe in bulk, download read-only and for GPT Actions, and keep two fields of a response', async ({ page }) => {
  const wizard = new WizardPage(page);
  await wizard.open();
  await wizard.uploadSpec([{ name: 'shop.json', buffer: Buffer.from(JSON.stringify(spec)) }]);
  await expect(wizard.status).toContainText('6 tools', { timeout: 60_000 });
  const bySafety = page.getByLabel('Operations by safety');
  await expect(bySafety).toHaveText('1 safe · 1 idempotent · 4 unsafe');

  const grid = page.getByRole('grid', { name: 'Operations' });
  await expect(grid).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The three POSTs that only read, selected and marked safe at once.
  for (const path of ['/orders/search', '/orders/tally', '/quotes']) await grid.getByRole('checkbox', { name: `Select POST ${path}` }).check();
  await page.getByRole('button', { name: 'Mark safe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'marked safe' })).toContainText('3 operations marked safe.');
  await expect(bySafety).toHaveText('4 safe · 1 idempotent · 1 unsafe');
  await page.getByRole('combobox', { name: 'Safety' }).selectOption('safe');
  await expect(page.getByText('4 of 6 operations shown')).toBeVisible();
  await page.getByRole('combobox', { name: 'Safety' }).selectOption('');

  // A DELETE refuses `unsafe`, with the rule's message.
  await grid.getByRole('checkbox', { name: 'Select DELETE /orders/{id}' }).check();
  await page.getByRole('button', { name: 'Mark unsafe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'left as it was' })).toContainText('`DELETE` may not be `unsafe`');
  await expect(bySafety).toHaveText('4 safe · 1 idempotent · 1 unsafe');
  expect(await axeViolations(page)).toEqual([]);

  // Read-only, with tools.json: exactly the safe tools.
  await page.getByRole('checkbox', { name: 'include tools.json' }).check();
  await page.getByRole('checkbox', { name: /Read-only/ }).check();
  const { download, bytes } = await wizard.download();
  expect(download.suggestedFilename()).toBe('promises-shop.read-only.zip');
  const files = await WizardPage.unzip(bytes);
  expect([...files.keys()].filter((f) => f.endsWith('.md')).sort()).toEqual(['SKILL.md', 'find_orders.md', 'list_orders.md', 'quote_shipping.md', 'tally_orders.md']);
  const tools = JSON.parse(files.get('tools.json')!) as { alias: string; safety: string }[];
  expect(tools.map((t) => [t.alias, t.safety]).sort()).toEqual([['find_orders', 'safe'], ['list_orders', 'safe'], ['quote_shipping', 'safe'], ['tally_orders', 'safe']]);
  expect(files.get('SKILL.md')).toContain('generated-with: "{\\"readOnly\\":true}"');
  expect(files.get('find_orders.md')).toMatch(/^ {2}safety: safe$/m);

  // GPT Actions: the spec's operations the skill keeps, consequential unless marked safe.
  const gptActions = async () => {
    const [got] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'GPT Actions (OpenAPI)' }).click()]);
    const { readFile } = await import('node:fs/promises');
    const doc = JSON.parse(await readFile(await got.path(), 'utf8')) as { openapi: string; paths: Record<string, Record<string, { operationId: string; 'x-openai-isConsequential': boolean }>> };
    expect(doc.openapi).toBe('3.0.3');
    return Object.values(doc.paths)
      .flatMap((item) => Object.values(item).map((op) => [op.operationId, op['x-openai-isConsequential']] as const))
      .sort(([a], [b]) => a.localeCompare(b));
  };
  expect(await gptActions()).toEqual([['promises-shop_find_orders', false], ['promises-shop_list_orders', false], ['promises-shop_quote_shipping', false], ['promises-shop_tally_orders', false]]);
  await page.getByRole('checkbox', { name: /Read-only/ }).uncheck();
  expect(await gptActions()).toEqual([['promises-shop_create_order', true], ['promises-shop_delete_order', true], ['promises-shop_find_orders', false], ['promises-shop_list_orders', false], ['promises-shop_quote_shipping', false], ['promises-shop_tally_orders', false]]);

  // The Tool tab: a marked POST as an MCP client gets it.
  await wizard.openFile('find_orders.md');
  await page.getByRole('tab', { name: 'Tool' }).click();
  await expect(page.getByRole('region', { name: 'What the operation promises' }).getByLabel('Safety')).toContainText('Safety: safe');
  const annotations = JSON.parse((await page.getByLabel('MCP annotations').textContent())!) as Record<string, unknown>;
  expect(annotations).toEqual({ title: 'Find orders', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
  expect(await axeViolations(page)).toEqual([]);

  // The Call tab: the spec's example, and two fields kept of it.
  await wizard.openFile('list_orders.md');
  await page.getByRole('tab', { name: 'Call' }).click();
  const response = page.getByRole('region', { name: 'Response' });
  await expect(response).toContainText("The spec's example response for this operation.");
  await expect(page.getByLabel('Response size')).toContainText('tokens');
  await response.getByRole('checkbox', { name: 'data[].id' }).check();
  await expect(page.getByLabel('What the model gets')).toContainText('tokens saved');
  await response.getByRole('checkbox', { name: 'has_more' }).check();
  await expect(response.getByRole('checkbox', { name: 'has_more' })).toBeChecked();
  const gets = page.getByLabel('Response as the model gets it');
  await expect.poll(async () => JSON.parse((await gets.textContent()) ?? 'null')).toEqual({ data: [{ id: 'ord_1' }, { id: 'ord_2' }], has_more: false });
  const saving = (await page.getByLabel('What the model gets').textContent())!;
  const whole = Number(/· ([\d,]+) tokens/.exec((await page.getByLabel('Response size').textContent())!)![1].replace(/,/g, ''));
  const saved = Number(/([\d,]+) tokens saved/.exec(saving)![1].replace(/,/g, ''));
  expect(saved).toBeGreaterThan(whole / 2);
  await expect.poll(async () => wizard.text(page.getByLabel('Contents of list_orders.md'))).toContain('  pick: ["data[].id", has_more]\n');
  expect(await axeViolations(page)).toEqual([]);
  expect(wizard.errors).toEqual([]);
});
