/**
 * Refusals of test/prism.test.ts that are not `call`'s to fix: where the spec contradicts
 * itself or says less than its API takes (`by: 'spec'`), or where Prism reads a request the
 * spec allows in a way the spec does not say (`by: 'prism'`). Each entry names the spec, the
 * operation (`METHOD /path`, a pattern of them, or `*`), the finding it explains (matched
 * against `location: message`, or Prism's error name and detail) and why.
 */
export interface Allowed {
  spec: string;
  operation: string | RegExp;
  rule: RegExp;
  by: 'spec' | 'prism';
  reason: string;
}

export const ALLOWED: readonly Allowed[] = [
  {
    spec: 'swagger-petstore-v2',
    operation: /^(POST \/store\/order|POST \/user(\/createWithArray|\/createWithList)?|PUT \/user\/\{username\})$/,
    rule: /No supported content types, but request included a non-empty body/,
    by: 'spec',
    reason: 'a `body` parameter with no `consumes`, on the operation or the document: the spec names no media type the body may be sent in, and Prism takes none',
  },
  {
    spec: 'stripe-core',
    operation: '*',
    rule: /Cannot deserialize JSON object array in form data request body/,
    by: 'prism',
    reason: "Prism reads an array of objects in a form body only as JSON text; the spec's `style: deepObject` and Stripe's API send it in brackets (`lines[0][amount]=100`)",
  },
  {
    spec: 'twilio-api-v2010',
    operation: '*',
    rule: /must be array$/,
    by: 'prism',
    reason: "Prism reads a repeated form field (`StatusCallbackEvent=a&StatusCallbackEvent=b`) as an array only when the media type's `encoding` names it; without one, OpenAPI's default (`style: form`, `explode: true`) sends an array repeated, as Twilio's API takes it",
  },
];
