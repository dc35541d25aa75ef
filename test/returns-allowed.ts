/**
 * Example responses of lib/convert/corpus-returns.test.ts that `returns` refuses because the
 * spec contradicts itself: the example shows a field, a type or a value its own response
 * schema does not allow. Each entry names the spec, the operation (`METHOD /path`, a pattern
 * of them, or `*`), the finding it explains (matched against `where: /path message`), why,
 * and how many findings it explains: a new one the pattern also matches fails the test.
 */
export interface ReturnsAllowed {
  spec: string;
  operation: string | RegExp;
  rule: RegExp;
  reason: string;
  /** How many example responses this entry explains, exactly. */
  findings: number;
}

export const RETURNS_ALLOWED: readonly ReturnsAllowed[] = [
  {
    spec: 'digitalocean-public',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
    findings: 1,
  },
  {
    spec: 'digitalocean-public',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
    findings: 2,
  },
  {
    spec: 'openai-api',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
    findings: 2,
  },
  {
    spec: 'twilio-api-v2010',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
    findings: 16,
  },
  {
    spec: 'twilio-api-v2010',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
    findings: 8,
  },
  {
    spec: 'twilio-api-v2010',
    operation: '*',
    rule: /must (match pattern|NOT have fewer than \d+ characters|NOT have more than \d+ characters)/,
    reason: 'an example\'s string does not match its response schema\'s `pattern` or length bounds',
    findings: 7,
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
    findings: 24,
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /must NOT have additional properties/,
    reason: 'an example holds a field its response schema does not allow (`additionalProperties: false`)',
    findings: 5,
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
    findings: 2,
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /must (match pattern|NOT have fewer than \d+ characters|NOT have more than \d+ characters)/,
    reason: 'an example\'s string does not match its response schema\'s `pattern` or length bounds',
    findings: 1,
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
    findings: 24,
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
    findings: 36,
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must be equal to one of the allowed values/,
    reason: 'an example gives a value its response schema\'s `enum` does not list',
    findings: 27,
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
    findings: 12,
  },
  {
    spec: 'pagerduty-mcp',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
    findings: 2,
  },
  {
    spec: 'xero-accounting',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
    findings: 5,
  },
  {
    spec: 'xero-accounting',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
    findings: 4,
  },
  {
    spec: 'lob-api',
    operation: '*',
    rule: /must (match pattern|NOT have fewer than \d+ characters|NOT have more than \d+ characters)/,
    reason: 'an example\'s string does not match its response schema\'s `pattern` or length bounds',
    findings: 16,
  },
  {
    spec: 'lob-api',
    operation: '*',
    rule: /must be equal to one of the allowed values/,
    reason: 'an example gives a value its response schema\'s `enum` does not list',
    findings: 3,
  },
  {
    spec: 'lob-api',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
    findings: 4,
  },
  {
    spec: 'lob-api',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
    findings: 1,
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
    findings: 51,
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must (match pattern|NOT have fewer than \d+ characters|NOT have more than \d+ characters)/,
    reason: 'an example\'s string does not match its response schema\'s `pattern` or length bounds',
    findings: 3,
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
    findings: 52,
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must be equal to one of the allowed values/,
    reason: 'an example gives a value its response schema\'s `enum` does not list',
    findings: 8,
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
    findings: 5,
  },
];
