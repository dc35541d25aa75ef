import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../lib/call';
import type { Result } from '../../../lib/core/result';
import { CallPreview } from './call-preview';

function render(baseUrl: string, request: Result<HttpRequest>): string {
  return renderToStaticMarkup(
    <CallPreview
      args="{}"
      onArgsChange={() => {}}
      baseUrl={baseUrl}
      onBaseUrlChange={() => {}}
      request={request}
      credentials={[]}
      safety="safe"
      onCheck={async () => undefined}
      secrets={{}}
      onSecrets={() => {}}
    />,
  );
}

describe('CallPreview', () => {
  it('shows the request going to the base URL typed, and says so', () => {
    const html = render('http://127.0.0.1:4010', { ok: true, value: { method: 'GET', url: 'http://127.0.0.1:4010/rooms', headers: {} }, problems: [] });
    expect(html).toContain('Base URL for this call');
    expect(html).toContain('value="http://127.0.0.1:4010"');
    expect(html).toContain('GET http://127.0.0.1:4010/rooms');
    expect(html).toContain('To the base URL above, not the operation&#x27;s own server');
    expect(html).toContain('aria-invalid="false"');
  });

  it('names what is wrong with the base URL at the field, and says nothing of it when it is empty', () => {
    const message = 'The base URL `localhost:4010` is not an absolute URL (`https://host` or `http://host:port`)';
    const html = render('localhost:4010', { ok: false, problems: [{ ruleId: 'call-base-url', severity: 'error', message, file: 'list_rooms.md' }] });
    expect(html).toContain('aria-invalid="true"');
    const field = html.slice(html.indexOf('Base URL for this call'), html.indexOf('Refused: nothing would be sent'));
    expect(field).toContain(message);
    const own = render('', { ok: true, value: { method: 'GET', url: 'https://inn.example/rooms', headers: {} }, problems: [] });
    expect(own).not.toContain('To the base URL above');
  });
});
