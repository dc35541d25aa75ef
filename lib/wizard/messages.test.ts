import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeIssues, wizardReplySchema, wizardRequestSchema } from './messages';
import { createWizardService, type WizardReply, type WizardRequest } from './service';

const SAMPLE = new Uint8Array(readFileSync(new URL('../../public/samples/hollowbrook.openapi.yaml', import.meta.url)));

describe('wizardReplySchema', () => {
  it('accepts every reply the service gives on a journey through the sample, unchanged', async () => {
    const service = createWizardService();
    const requests: WizardRequest[] = [
      { type: 'convert', upload: { name: 'hollowbrook.openapi.yaml', kind: 'files', entries: [{ path: 'hollowbrook.openapi.yaml', bytes: SAMPLE }] }, options: {} },
      { type: 'file', path: 'get_booking.md' },
      { type: 'file', path: 'nope.md' },
      { type: 'tool', path: 'SKILL.md' },
      { type: 'call', path: 'get_booking.md', args: '{"booking_id": "b1"}' },
      { type: 'call', path: 'get_booking.md', args: '{' },
      { type: 'call', path: 'get_booking.md', args: '{}', baseUrl: 'http://127.0.0.1:4010' },
      { type: 'edit', path: 'SKILL.md', version: -1, text: '' },
      { type: 'revert', path: 'SKILL.md' },
      { type: 'spec-file', path: 'hollowbrook.openapi.yaml' },
      { type: 'spec-file', path: 'missing.yaml' },
      { type: 'exported', path: 'get_booking.md' },
      { type: 'export', tools: true },
      { type: 'convert', upload: { name: 'notes.yaml', kind: 'files', entries: [{ path: 'notes.yaml', bytes: new TextEncoder().encode('hello: world\n') }] }, options: {} },
      { type: 'put-back', paths: ['x.md'] },
      { type: 'operations' },
    ];
    const types = new Set<WizardReply['type']>();
    for (const request of requests) {
      expect(wizardRequestSchema.safeParse(request).success).toBe(true);
      const reply = await service.handle(request);
      types.add(reply.type);
      const parsed = wizardReplySchema.safeParse(reply);
      if (!parsed.success) throw new Error(`${reply.type}: ${describeIssues(parsed.error)}`);
      expect(parsed.data).toEqual(reply);
    }
    expect([...types].sort()).toEqual(['call', 'export', 'exported', 'file', 'opened', 'operations', 'spec-file', 'stale', 'summary', 'tool']);
  });

  it.each([
    ['a file whose text is not a string', { type: 'file', file: { path: 'a.md', text: 1, version: 1, tool: { ok: false, reason: 'x' } } }, 'file.text: Invalid input: expected string, received number'],
    ['a summary whose problems are not problems', { type: 'summary', summary: { folder: 'x', origin: { kind: 'spec', name: 'x' }, files: [], problems: [{ ruleId: 'r' }], errors: 0, warnings: 0, tools: 0, removed: [] } }, 'summary.problems.0.severity'],
    ['a reply of no known type', { type: 'surprise' }, 'type'],
    ['an export without bytes', { type: 'export', folder: 'x', bytes: [1, 2] }, 'bytes: Invalid input: expected Uint8Array'],
  ])('refuses %s, naming where', (_, reply, where) => {
    const parsed = wizardReplySchema.safeParse(reply);
    expect(parsed.success).toBe(false);
    expect(describeIssues(parsed.error!)).toContain(where);
  });
});

describe('wizardRequestSchema', () => {
  it.each([
    ['an edit without a version', { type: 'edit', path: 'a.md', text: 'x' }],
    ['an upload whose bytes are a string', { type: 'convert', upload: { name: 'a', kind: 'files', entries: [{ path: 'a', bytes: 'x' }] }, options: {} }],
    ['a folder kind it does not know', { type: 'convert', upload: { name: 'a', kind: 'disk', entries: [] }, options: {} }],
    ['no type', { path: 'a.md' }],
  ])('refuses %s', (_, request) => {
    expect(wizardRequestSchema.safeParse(request).success).toBe(false);
  });

  it('keeps the server variables and the server a regenerate asks for, and refuses a value that is not a string', () => {
    const request = { type: 'regenerate', options: { baseUrl: '', serverVariables: { tenant: 'acme', region: '' }, server: 'https://sandbox.test' } };
    expect(wizardRequestSchema.parse(request)).toEqual(request);
    expect(wizardRequestSchema.safeParse({ type: 'regenerate', options: { serverVariables: { tenant: 1 } } }).success).toBe(false);
  });
});
