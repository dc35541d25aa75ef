/**
 * Example responses of lib/convert/corpus-returns.test.ts that `returns` refuses because the
 * spec contradicts itself: the example shows a field, a type or a value its own response
 * schema does not allow. Each entry names the spec, the operation (`METHOD /path`, a pattern
 * of them, or `*`), the finding it explains (matched against `where: /path message`) and why.
 */
export interface ReturnsAllowed {
  spec: string;
  operation: string | RegExp;
  rule: RegExp;
  reason: string;
}

export const RETURNS_ALLOWED: readonly ReturnsAllowed[] = [
  {
    spec: 'digitalocean-public',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
  },
  {
    spec: 'digitalocean-public',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
  },
  {
    spec: 'openai-api',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
  },
  {
    spec: 'twilio-api-v2010',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
  },
  {
    spec: 'twilio-api-v2010',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
  },
  {
    spec: 'twilio-api-v2010',
    operation: '*',
    rule: /must (match pattern|NOT have fewer than \d+ characters|NOT have more than \d+ characters)/,
    reason: 'an example\'s string does not match its response schema\'s `pattern` or length bounds',
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /must NOT have additional properties/,
    reason: 'an example holds a field its response schema does not allow (`additionalProperties: false`)',
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
  },
  {
    spec: 'slack-web',
    operation: '*',
    rule: /must (match pattern|NOT have fewer than \d+ characters|NOT have more than \d+ characters)/,
    reason: 'an example\'s string does not match its response schema\'s `pattern` or length bounds',
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must be equal to one of the allowed values/,
    reason: 'an example gives a value its response schema\'s `enum` does not list',
  },
  {
    spec: 'pagerduty-rest',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
  },
  {
    spec: 'pagerduty-mcp',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
  },
  {
    spec: 'xero-accounting',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
  },
  {
    spec: 'xero-accounting',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
  },
  {
    spec: 'lob-api',
    operation: '*',
    rule: /must (match pattern|NOT have fewer than \d+ characters|NOT have more than \d+ characters)/,
    reason: 'an example\'s string does not match its response schema\'s `pattern` or length bounds',
  },
  {
    spec: 'lob-api',
    operation: '*',
    rule: /must be equal to one of the allowed values/,
    reason: 'an example gives a value its response schema\'s `enum` does not list',
  },
  {
    spec: 'lob-api',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
  },
  {
    spec: 'lob-api',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must be (object|array|string|number|integer|boolean)(,null)? \((object|array|string|integer|number|boolean)\)$/,
    reason: 'an example gives a field a value of another JSON type than its response schema says (a list where it says an object, a number where it says a string)',
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must (match pattern|NOT have fewer than \d+ characters|NOT have more than \d+ characters)/,
    reason: 'an example\'s string does not match its response schema\'s `pattern` or length bounds',
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must be [a-z,]+ \(null\)$/,
    reason: 'an example gives `null` to a field its response schema does not declare nullable (no `nullable: true`, no `null` in its type; OpenAPI 3.0 ignores a `nullable` beside a `$ref`)',
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must be equal to one of the allowed values/,
    reason: 'an example gives a value its response schema\'s `enum` does not list',
  },
  {
    spec: 'okta-management',
    operation: '*',
    rule: /must have required property/,
    reason: 'an example leaves out a field its response schema requires',
  },
];
