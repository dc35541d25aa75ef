import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { own, type ConvertContext } from './context';
import type { SecuritySchemeObject } from './document';
import { codeSpan } from '../skill/markdown';

/** One security scheme as the manifest describes it. */
export interface SchemeInfo {
  name: string;
  /** Where its credential goes, as a phrase: "an API key in the `X-API-Key` header". */
  where: string;
  pointer: string;
}

/** A parameter taken as a credential by its name, though no security scheme declares it. */
export interface GuessedCredential {
  in: 'header' | 'query';
  name: string;
  /** The first parameter of that name, for the report. */
  pointer: string;
}

/**
 * A header whose name says it carries a secret (`X-Api-Key`, `xi-api-key`, `token`,
 * `X-Auth-Token`), and a query parameter whose name can only be a key (`api_key`,
 * `access_token`; not `page_token`, a cursor): credentials though no scheme declares them.
 */
export const SECRET_HEADER = /(^|[-_])(api[-_]?key|apikey|token|secret|password|passwd|auth|session[-_]?id)([-_]|$)/i;
export const SECRET_QUERY = /^(api[-_]?key|apikey|access[-_]?token|auth[-_]?token|x[-_]api[-_]key)$/i;

/** The spec's security schemes (Security Scheme Objects / Swagger securityDefinitions), and which of them it uses. */
export class SecurityModel {
  readonly schemes = new Map<string, SchemeInfo>();
  /** Parameters taken as credentials by their names, by `in name`, in the order first met. */
  readonly guessed = new Map<string, GuessedCredential>();
  /** Scheme names in the order the spec first requires them (document, then operations). */
  private readonly used: string[] = [];
  private readonly credentialHeaders = new Set<string>(['authorization']);
  private readonly credentialQuery = new Set<string>();
  private readonly credentialCookies = new Set<string>();

  constructor(private readonly ctx: ConvertContext) {
    const doc = ctx.doc;
    const base = ctx.dialect.swagger ? '/securityDefinitions' : '/components/securitySchemes';
    const defs = ctx.dialect.swagger ? own(doc, 'securityDefinitions') : own(own(doc, 'components'), 'securitySchemes');
    if (isPlainObject(defs)) {
      for (const name of Object.keys(defs)) {
        const resolved = ctx.resolve<SecuritySchemeObject>(defs[name], joinPointer(base, name));
        if (!resolved) continue;
        this.schemes.set(name, { name, where: this.describe(resolved.node), pointer: resolved.pointer });
      }
    }
    this.noteRequirements(own(doc, 'security'));
  }

  /** Record the schemes a `security` list requires (document or operation level). */
  noteRequirements(security: unknown): void {
    if (!Array.isArray(security)) return;
    for (const requirement of security) {
      if (!isPlainObject(requirement)) continue;
      for (const name of Object.keys(requirement)) if (!this.used.includes(name)) this.used.push(name);
    }
  }

  /** Whether a parameter carries a credential the gateway attaches (SPEC 4.2). */
  isCredential(location: string, name: string): boolean {
    if (location === 'header') return this.credentialHeaders.has(name.toLowerCase());
    if (location === 'query') return this.credentialQuery.has(name);
    if (location === 'cookie') return this.credentialCookies.has(name);
    return false;
  }

  /**
   * Whether a parameter no scheme declares is a credential by its name (`SECRET_HEADER`,
   * `SECRET_QUERY`): the first of each name is remembered for SKILL.md and warned of once.
   */
  guessCredential(location: string, name: string, pointer: string): boolean {
    if (location !== 'header' && location !== 'query') return false;
    if (!(location === 'header' ? SECRET_HEADER : SECRET_QUERY).test(name)) return false;
    const key = `${location} ${location === 'header' ? name.toLowerCase() : name}`;
    if (!this.guessed.has(key)) {
      this.guessed.set(key, { in: location, name, pointer });
      const what = location === 'header' ? 'header' : 'query parameter';
      this.ctx.warn(
        'guessed-credential',
        `The ${what} ${codeSpan(name)} is taken as a credential by its name, though no security scheme declares it: it is not an argument, and SKILL.md's Authentication section names it for the gateway to attach; declare a security scheme for it in the spec if it is one`,
        pointer,
      );
    }
    return true;
  }

  /** The schemes to name in SKILL.md: those the spec requires, else (a spec that declares schemes but requires none) every declared one. */
  schemesToName(): SchemeInfo[] {
    const names = this.used.length > 0 ? this.used : [...this.schemes.keys()];
    return names.map((n) => this.schemes.get(n) ?? { name: n, where: 'a credential the spec does not describe (the scheme is not declared)', pointer: '' });
  }

  private describe(s: SecuritySchemeObject): string {
    const type = typeof s.type === 'string' ? s.type : '';
    if (type === 'apiKey') {
      const at = typeof s.in === 'string' ? s.in : 'header';
      const name = typeof s.name === 'string' ? s.name : '';
      if (at === 'header') this.credentialHeaders.add(name.toLowerCase());
      else if (at === 'query') this.credentialQuery.add(name);
      else if (at === 'cookie') this.credentialCookies.add(name);
      const place = at === 'query' ? 'query parameter' : at === 'cookie' ? 'cookie' : 'header';
      return `an API key in the ${codeSpan(name)} ${place}`;
    }
    if (type === 'basic') return 'HTTP Basic credentials (user name and password) in the `Authorization` header';
    if (type === 'http') {
      const scheme = typeof s.scheme === 'string' ? s.scheme.toLowerCase() : '';
      if (scheme === 'basic') return 'HTTP Basic credentials (user name and password) in the `Authorization` header';
      if (scheme === 'bearer') {
        const format = typeof s.bearerFormat === 'string' && s.bearerFormat.trim() ? ` (${oneWord(s.bearerFormat)})` : '';
        return `a bearer token${format} in the \`Authorization\` header`;
      }
      return `${codeSpan(scheme || 'HTTP')} credentials in the \`Authorization\` header`;
    }
    if (type === 'oauth2') {
      const flows = this.ctx.dialect.swagger ? (typeof s.flow === 'string' ? [s.flow] : []) : isPlainObject(s.flows) ? Object.keys(s.flows) : [];
      const named = flows.map((f) => (Object.hasOwn(FLOW_NAMES, f) ? FLOW_NAMES[f] : oneWord(f)));
      return `an OAuth 2.0 access token${named.length > 0 ? ` (${named.join(', ')})` : ''}, sent as a bearer token in the \`Authorization\` header`;
    }
    if (type === 'openIdConnect') return 'an OpenID Connect access token, sent as a bearer token in the `Authorization` header';
    if (type === 'mutualTLS') return 'a client TLS certificate (mutual TLS)';
    return `a credential of type ${codeSpan(type || 'unknown')}`;
  }
}

const FLOW_NAMES: Record<string, string> = {
  implicit: 'implicit flow',
  password: 'password flow',
  clientCredentials: 'client credentials flow',
  authorizationCode: 'authorization code flow',
  application: 'client credentials flow',
  accessCode: 'authorization code flow',
};

function oneWord(s: string): string {
  return s.replace(/[^\w .+/-]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 60);
}
