/**
 * Refusals of test/prism.test.ts that are not `call`'s to fix: where the spec contradicts
 * itself or says less than its API takes (`by: 'spec'`), where Prism reads a request the
 * spec allows in a way the spec does not say (`by: 'prism'`), or where the tool, by design,
 * says less than the spec and the sampled value misses what it leaves out (`by: 'tool'`: a
 * joined list is one string argument, its items unchecked). Each entry names the spec, the
 * operation (`METHOD /path`, a pattern of them, or `*`), the finding it explains (matched
 * against `location: message`, or Prism's error name and detail) and why.
 */
export interface Allowed {
  spec: string;
  operation: string | RegExp;
  rule: RegExp;
  by: 'spec' | 'prism' | 'tool';
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
  {
    spec: 'stripe-core',
    operation: 'POST /v1/billing_portal/configurations',
    rule: /must have required property '(options|default_allowed_updates|products)'/,
    by: 'prism',
    reason: 'Prism does not read array items written with an index inside a bracket-style field (`features[subscription_update][products][0][product]=…`), the encoding Stripe takes',
  },
  {
    spec: 'stripe-core',
    operation: 'POST /v1/files',
    rule: /Reserved characters used in request body/,
    by: 'prism',
    reason: "Prism checks a multipart body's `application/json` parts for reserved characters as if they were form-encoded, because the spec gives them `style: deepObject`, which OpenAPI 3.0 ignores outside form bodies",
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /Request header must have required property 'token'/,
    by: 'spec',
    reason: 'the credential is also declared as a required `token` header parameter; credentials are the gateway\'s, never an argument (SPEC 7.1), and are removed here',
  },
  {
    spec: 'pagerduty-mcp',
    operation: 'POST /mcp',
    rule: /Request header must have required property 'authorization'/,
    by: 'spec',
    reason: 'the credential is also declared as a required `Authorization` header parameter; credentials are the gateway\'s, never an argument (SPEC 7.1)',
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /Request header must have required property 'content-type'/,
    by: 'spec',
    reason: 'a required `Content-Type` header parameter on operations that send no body (every GET and DELETE); the platform sets Content-Type when there is a body (SPEC 7.1)',
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must match exactly one schema in oneOf/,
    by: 'spec',
    reason: "the `oneOf` branches overlap (a value of the first branch matches another), so no value of them satisfies 'exactly one'",
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must match exactly one schema in oneOf/,
    by: 'spec',
    reason: "the `oneOf` branches overlap (a value of the first branch matches another), so no value of them satisfies 'exactly one'",
  },
  {
    spec: 'asana-api',
    operation: '*',
    rule: /query parameter opt_fields\.0 must be equal to one of the allowed values/,
    by: 'tool',
    reason: '`opt_fields` is a comma-joined list, one string argument whose items the tool does not check; the sampled string is no field name',
  },
  {
    spec: 'box-platform',
    operation: 'GET /events',
    rule: /query parameter event_type\.0 must be equal to one of the allowed values/,
    by: 'tool',
    reason: '`event_type` is a comma-joined list, one string argument whose items the tool does not check',
  },
  {
    spec: 'box-platform',
    operation: 'GET /search',
    rule: /query parameter size_range\.0 must be integer/,
    by: 'tool',
    reason: '`size_range` is a comma-joined list of integers, one string argument whose items the tool does not check',
  },
  {
    spec: 'xero-accounting',
    operation: /^GET \/(Contacts|Invoices)$/,
    rule: /query parameter (ids|contactids)\.0 must match format "uuid"/,
    by: 'tool',
    reason: 'a comma-joined list of UUIDs, one string argument whose items the tool does not check',
  },
  {
    spec: 'xero-accounting',
    operation: /^GET \/(Contacts\/\{ContactNumber\}|Journals\/\{JournalID\})$/,
    rule: /Request path parameter (contactid|journalnumber) must/,
    by: 'spec',
    reason: 'two path templates match the same requests (`/Contacts/{ContactID}` and `/Contacts/{ContactNumber}`, `/Journals/{JournalNumber}` and `/Journals/{JournalID}`), so Prism judges the request by the other one',
  },
  {
    spec: 'readme-parameters-style',
    operation: /^(GET|POST) \/anything\/headers/,
    rule: /Prism threw: Cannot read properties of undefined \(reading 'split'\)/,
    by: 'prism',
    reason: 'Prism throws on an absent optional array header parameter',
  },
  {
    spec: 'readme-parameters-style',
    operation: /(space|pipe)Delimited$/,
    rule: /Prism threw: Space\/pipe\/comma\.\. delimited style is only applicable to array parameter/,
    by: 'spec',
    reason: 'the spec gives an object parameter `spaceDelimited` or `pipeDelimited` style, which OpenAPI 3.0 defines for arrays, and Prism throws on it',
  },
  {
    spec: 'readme-parameters-style',
    operation: /^(POST|PUT) \/anything\/form-data/,
    rule: /Reserved characters used in request body|must be (array|object)$/,
    by: 'prism',
    reason: "Prism reads a multipart body's `application/json` parts as plain text (an array or object part is then a string) and checks them for reserved characters as if form-encoded",
  },
  {
    spec: 'openai-api',
    operation: '*',
    rule: /Prism threw: Cannot read properties of undefined \(reading 'split'\)/,
    by: 'prism',
    reason: 'Prism throws on an absent optional array header parameter',
  },
  {
    spec: 'digitalocean-public',
    operation: '*',
    rule: /must match exactly one schema in oneOf/,
    by: 'spec',
    reason: "the `oneOf` branches overlap (a value of the first branch matches another), so no value of them satisfies 'exactly one'",
  },
  {
    spec: 'digitalocean-public',
    operation: 'POST /v2/uptime/checks',
    rule: /Request body must have required property 'method'/,
    by: 'spec',
    reason: 'the body requires `method`, a field its schema does not define (the check has `type`), so the tool cannot offer it',
  },
  {
    spec: 'box-platform',
    operation: 'POST /oauth2/revoke',
    rule: /Request body must have required property 'grant_type'/,
    by: 'spec',
    reason: 'the body (`PostOAuth2Revoke`) requires `grant_type`, a field its schema does not define (it has `client_id`, `client_secret` and `token`), so the tool cannot offer it',
  },
  {
    spec: 'okta-management',
    operation: 'POST /api/v1/mappings/{mappingId}',
    rule: /Request body must have required property '(expression|pushStatus)'/,
    by: 'spec',
    reason: "the body (`ProfileMappingRequest`) requires `expression` and `pushStatus` at its root, where it defines only `properties`; they are fields of `properties`' values (`ProfileMappingProperty`), so no body the schema describes has them",
  },
  {
    spec: 'digitalocean-public',
    operation: 'POST /v2/apps',
    rule: /Request header parameter accept must be equal to one of the allowed values/,
    by: 'spec',
    reason: 'an optional `Accept` header parameter lists `application/json` and `application/yaml` only, so the `Accept: */*` every HTTP client sends by default is refused',
  },
];
