import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSkillPackage } from '../skill/package';
import { callableOperation } from '../call/callable';
import { buildRequest, type HttpRequest } from '../call/build-request';

/**
 * The requests the skills of the `requests` and `requests-swagger` fixtures make (their
 * expected output, which fixtures.test.ts checks byte for byte): what the conversion read
 * from each spec's `encoding`, `collectionFormat`, path templates, media types and
 * headers is what goes on the wire (SPEC 7.2).
 */
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));

function skill(fixture: string, folder: string) {
  const dir = join(FIXTURES, fixture, 'expected', folder);
  const pkg = parseSkillPackage({ folder, files: new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')])) });
  return (file: string, args: Record<string, unknown>): HttpRequest => {
    const callable = callableOperation(pkg, pkg.operations.find((o) => o.file === file)!);
    if (!callable.ok) throw new Error(callable.problems.map((p) => p.message).join('\n'));
    const request = buildRequest(callable.value, args);
    if (!request.ok) throw new Error(request.problems.map((p) => p.message).join('\n'));
    return request.value;
  };
}

describe('the requests of the OpenAPI 3 requests fixture', () => {
  const call = skill('requests', 'requests-fixture');

  it('encodes a form body by its encoding: brackets, repeated and joined lists', () => {
    const r = call('create_customer.md', { email: 'a@b.c', metadata: { order: '6735' }, address: { line1: '1 Main St', city: 'Paris' }, tags: ['x', 'y'], channels: 'email,sms', codes: '1|2', expand: ['data.customer'], note: 'hi', shipping: { name: 'Ann', address: { line1: 'Quay 2' } } });
    expect(r.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(r.body).toBe('email=a%40b.c&metadata[order]=6735&address[line1]=1+Main+St&address[city]=Paris&tags=x&tags=y&channels=email%2Csms&codes=1%7C2&expand[0]=data.customer&note=hi&shipping[name]=Ann&shipping[address][line1]=Quay+2');
  });

  it('sends a required deepObject three levels deep, and an object query parameter, in brackets', () => {
    const r = call('list_events.md', { filter: { created: { gte: 1 }, where: [{ field: 'type', equals: 'x' }] }, page: { size: 10 } });
    expect(r.url).toBe('https://requests.fixture.test/v1/events?filter[created][gte]=1&filter[where][0][field]=type&filter[where][0][equals]=x&page[size]=10');
  });

  it('fills parameters inside a path segment', () => {
    expect(call('fetch_call.md', { AccountSid: 'AC0123456789abcdef0123456789abcdef', Sid: 'CA1' }).url).toBe('https://requests.fixture.test/v1/Accounts/AC0123456789abcdef0123456789abcdef/Calls/CA1.json');
    expect(call('get_range.md', { from: '2024-01-01', to: '2024-02-01' }).url).toBe('https://requests.fixture.test/v1/ranges/2024-01-01-2024-02-01');
  });

  it('sends header arguments and the fixed headers, never the gateway\'s', () => {
    const r = call('get_report.md', { 'X-Region': 'eu', 'X-Fields': 'a,b' });
    expect(r.headers).toEqual({ 'X-Fields': 'a,b', 'X-Region': 'eu', 'Api-Version': '2024-01-01', 'X-Tenant': 'acme', Accept: 'application/json' });
  });

  it('sends a merge patch, and bodies that are not objects whole', () => {
    expect(call('patch_deployment.md', { name: 'web', replicas: 3 })).toMatchObject({ method: 'PATCH', headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"replicas":3}' });
    expect(call('patch_document.md', { id: 'd1', body: [{ op: 'remove', path: '/a' }] })).toMatchObject({ headers: { 'Content-Type': 'application/json-patch+json' }, body: '[{"op":"remove","path":"/a"}]' });
    expect(call('add_recipients.md', { body: [{ email: 'a@b.c' }] }).body).toBe('[{"email":"a@b.c"}]');
    expect(call('set_labels.md', { body: true, request_body: ['x'] })).toMatchObject({ url: 'https://requests.fixture.test/v1/labels?body=true', body: '["x"]' });
    expect(call('send_message.md', { body: 'hi' }).body).toBe('"hi"');
  });

  it('sends a multipart body without its optional file, an object as a JSON part', () => {
    const r = call('upload_attachment.md', { title: 'T', details: { pages: 2 } });
    const boundary = /boundary=(skill-[0-9a-f]{64})$/.exec(r.headers['Content-Type'])![1];
    expect(r.body).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--${boundary}\r\nContent-Disposition: form-data; name="details"\r\nContent-Type: application/json\r\n\r\n{"pages":2}\r\n--${boundary}--\r\n`,
    );
  });

  it('sends a multipart field the encoding marks deepObject as one bracket-named text part per value', () => {
    const r = call('upload_attachment.md', { title: 'T', link: { create: true, labels: { team: 'a b' } } });
    const boundary = /boundary=(skill-[0-9a-f]{64})$/.exec(r.headers['Content-Type'])![1];
    const part = (name: string, text: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`;
    expect(r.body).toBe(`${part('title', 'T')}${part('link[create]', 'true')}${part('link[labels][team]', 'a b')}--${boundary}--\r\n`);
  });
});

describe('the requests of the Swagger 2.0 requests fixture', () => {
  const call = skill('requests-swagger', 'requests-swagger-fixture');

  it('encodes form data by collectionFormat', () => {
    const r = call('chat_post_message.md', { channel: 'C1', users: 'U1,U2', flags: 'urgent|silent', words: 'a b', attachments: [1, 2] });
    expect(r.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(r.body).toBe('channel=C1&users=U1%2CU2&flags=urgent%7Csilent&words=a+b&attachments=1&attachments=2');
  });

  it('fills a parameter inside a segment and sends a merge patch', () => {
    expect(call('update_message.md', { AccountSid: 'AC1', Sid: 'SM1', Body: 'Hello' })).toMatchObject({ url: 'https://swagger-requests.fixture.test/api/Accounts/AC1/Messages/SM1.json', body: 'Body=Hello' });
    expect(call('patch_node.md', { name: 'n1', unschedulable: true })).toMatchObject({ headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"unschedulable":true}' });
    expect(call('put_tags.md', { body: ['a'] }).body).toBe('["a"]');
  });
});
