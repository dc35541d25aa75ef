import { describe, expect, it } from 'vitest';
import { descriptionFault } from './description-quality';
import { md, testRule } from './test-helpers';

const op = (prose: string, method = 'POST', url = 'https://p.example/v1/payments') => md(`operation:\n  method: ${method}\n  url: ${url}\n`, prose);

testRule('description-quality', [
  { name: 'passes when the description says what the tool does', files: { 'create_payment.md': op('Charge a card for an order and return the payment.\n') }, expected: [] },
  { name: 'passes when a prose-only file has a short description', files: { 'create_payment.md': 'Pay.\n' }, expected: [] },
  {
    name: 'warns at the first paragraph when the description is the tool name in other casing',
    files: { 'create_payment.md': op('# Payments\n\nCreatePayment\n') },
    expected: [{ file: 'create_payment.md', line: 8, column: 1, severity: 'warning', message: 'The tool\'s description "CreatePayment" is only the tool\'s name: a model chooses tools by their descriptions, so say what it does and when to use it' }],
  },
  { name: 'warns when the description is the name in snake_case', files: { 'create_payment.md': op('create_payment\n') }, expected: [{ message: /is only the tool's name/ }] },
  { name: 'warns when the description is the generated method-and-path sentence', files: { 'create_payment.md': op('Calls `POST /v1/payments`.\n') }, expected: [{ message: /"Calls `POST \/v1\/payments`\." says only its method and path/ }] },
  { name: 'warns when the description is a method and a path with parameters', files: { 'a.md': op('GET /pets/{petId} endpoint\n', 'GET', 'https://p.example/pets/{petId}') }, expected: [{ message: /says only its method and path/ }] },
  { name: 'warns when the description is under three words', files: { 'a.md': op('Refund it.\n') }, expected: [{ message: /"Refund it\." is under 3 words/ }] },
  {
    name: 'warns on each tool of a clash, naming another, when two descriptions are the same but for case and the final stop',
    files: { 'a.md': op('List the pets in the store.\n', 'GET', 'https://p.example/pets'), 'b.md': op('list the pets in the store\n', 'GET', 'https://p.example/v2/pets'), 'c.md': op('List the pets in the store.\n', 'GET', 'https://p.example/v3/pets') },
    expected: [
      { file: 'a.md', message: 'The tool\'s description "List the pets in the store." is the same as `b.md`\'s: a model cannot tell the two apart, so say how they differ' },
      { file: 'b.md', message: /same as `a.md`'s/ },
      { file: 'c.md', message: /same as `a.md`'s/ },
    ],
  },
  { name: 'passes when a prose-only file repeats a tool\'s description', files: { 'a.md': op('List the pets in the store.\n', 'GET', 'https://p.example/pets'), 'b.md': 'List the pets in the store.\n' }, expected: [] },
]);

describe('descriptionFault', () => {
  it('lets a short description with real words through when it names more than the request', () => {
    expect(descriptionFault('List pets by owner.', { base: 'list_pets', method: 'GET', url: 'https://p.example/pets' })).toBeUndefined();
    expect(descriptionFault('Deprecated. Calls `GET /pets`.', { base: 'list_pets', method: 'GET', url: '/pets' })).toBe('says only its method and path');
  });
});
