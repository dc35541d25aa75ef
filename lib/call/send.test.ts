import { describe, expect, it } from 'vitest';
import { parseSkillPackage } from '../skill/package';
import type { CallCredential } from './credentials';
import { addCredentials, answerHolds, checkResponseBody, credentialPlace, describeBodyCheck, responseExpectation, sendConfirmation } from './send';

const KEY: CallCredential = { scheme: 'apiKey', in: 'header', name: 'X-API-Key', prefix: '', variable: 'API_KEY' };
const BEARER: CallCredential = { scheme: 'bearer', in: 'header', name: 'Authorization', prefix: 'Bearer ', variable: 'BEARER' };
const QUERY: CallCredential = { scheme: 'key', in: 'query', name: 'api key', prefix: '', variable: 'KEY' };
const COOKIE: CallCredential = { scheme: 'session', in: 'cookie', name: 'sid', prefix: '', variable: 'SESSION' };

const request = { method: 'GET', url: 'https://h.example/items?page=2', headers: { Accept: 'application/json' } };

describe('addCredentials', () => {
  it('puts each credential with a value where SKILL.md says it goes, and leaves the others out', () => {
    const sent = addCredentials(request, [KEY, BEARER, QUERY, COOKIE], { API_KEY: 'k1', BEARER: 't1', KEY: 'a&b', SESSION: 's1' });
    expect(sent).toEqual({
      ok: true,
      problems: [],
      value: {
        method: 'GET',
        url: 'https://h.example/items?page=2&api%20key=a%26b',
        headers: { Accept: 'application/json', 'X-API-Key': 'k1', Authorization: 'Bearer t1', Cookie: 'sid=s1' },
      },
    });
    const none = addCredentials(request, [KEY, BEARER], { BEARER: '' });
    expect(none.ok && none.value).toEqual(request);
  });

  it('refuses a header credential that is not one line of Latin-1, naming the scheme and the header', () => {
    const sent = addCredentials(request, [KEY], { API_KEY: 'k1\nX-Evil: 1' });
    expect(sent.ok).toBe(false);
    expect(sent.problems[0].message).toBe('The credential for `apiKey` (API_KEY) must not hold a line break or control character: it goes in the `X-API-Key` header');
  });

  it('says where a credential goes in words', () => {
    expect([KEY, BEARER, QUERY, COOKIE].map(credentialPlace)).toEqual([
      'the `X-API-Key` header',
      'the `Authorization` header, after `Bearer`',
      'the `api key` query parameter',
      'the `sid` cookie',
    ]);
  });
});

describe('sendConfirmation', () => {
  it('asks nothing of a safe operation, and names the method and URL of the others', () => {
    expect(sendConfirmation('GET', 'safe', 'https://h.example/a')).toBeUndefined();
    expect(sendConfirmation('POST', 'unsafe', 'https://h.example/a')).toBe('POST https://h.example/a is unsafe: it may change something on the server each time it is sent');
    expect(sendConfirmation('PUT', 'idempotent', 'https://h.example/a')).toBe('PUT https://h.example/a is idempotent: it may change something on the server');
  });
});

/** The declaration of a one-operation skill whose block is this. */
function declaration(block: string) {
  const pkg = parseSkillPackage({ folder: 'shop', files: new Map([['op.md', `---\noperation:\n${block.replace(/^/gm, '  ')}\n---\nDo it.\n`]]) });
  return pkg.operations[0].declaration!;
}

describe('checkResponseBody', () => {
  const returns = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };

  it('reads the declared status, safety and pick', () => {
    const d = declaration('method: POST\nurl: https://h.example/a\nsafety: safe\nstatus: 201\npick: [id]');
    expect(responseExpectation(d, returns)).toEqual({ status: 201, safety: 'safe', returns, pick: ['id'] });
    expect(responseExpectation(declaration('method: DELETE\nurl: https://h.example/a'), undefined)).toEqual({ status: 200, safety: 'idempotent', pick: [] });
  });

  it('says whether the body matches `returns`, after `pick`', () => {
    const expect200 = { status: 200, safety: 'safe' as const, returns, pick: [] };
    expect(checkResponseBody(expect200, 200, '{"id": 3, "name": "x"}')).toEqual({ kind: 'matches' });
    const differs = checkResponseBody(expect200, 200, '{"id": "3", "name": 4}');
    expect(differs).toEqual({ kind: 'differs', reasons: ['`/id` must be integer', '`/name` must be string'] });
    expect(describeBodyCheck(differs)).toBe('The body does not match `returns`: `/id` must be integer; `/name` must be string.');
    expect(answerHolds(differs)).toBe(false);
    // pick keeps `id` only: the rest of the answer is not what the model gets, so it is not checked.
    const picked = { status: 200, safety: 'safe' as const, returns: { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false }, pick: ['id'] };
    expect(checkResponseBody(picked, 200, '{"id": 3, "secret": true}')).toEqual({ kind: 'matches' });
  });

  it('does not check an answer that is not the success status, a body that is not JSON, or an operation that declares no returns', () => {
    const expect201 = { status: 201, safety: 'unsafe' as const, returns, pick: [] };
    expect(describeBodyCheck(checkResponseBody(expect201, 400, '{"error": "bad"}'))).toBe('Not the success status (201): the body is not checked against `returns`.');
    expect(checkResponseBody(expect201, 201, '<html>')).toMatchObject({ kind: 'not-json' });
    expect(checkResponseBody(expect201, 201, '')).toEqual({ kind: 'not-json', reason: 'the body is empty' });
    const undeclared = checkResponseBody({ status: 204, safety: 'idempotent', pick: [] }, 204, '');
    expect(undeclared).toEqual({ kind: 'undeclared' });
    expect(answerHolds(undeclared)).toBe(true);
  });
});
