import { isPlainObject } from '../core/entries';
import { joinPointer } from '../core/json-pointer';
import { own, type ConvertContext } from './context';
import type { OperationObject, PathItemObject, ServerObject } from './document';

/** The base URL an operation's path is appended to. */
export interface ServerChoice {
  /** Without a trailing slash; may be relative (`/v1`) when no base URL resolved it. */
  url: string;
  absolute: boolean;
}

const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * Server Objects (SPEC 4.2): the operation's server, else the path item's, else the
 * document's first; variables take their defaults (else the first of their `enum`);
 * Swagger 2.0 uses the first scheme (the operation's, else the document's, else `https`),
 * `host` and `basePath`. A relative URL is resolved against the user's base URL; without one it
 * stays relative and the report warns, once per server.
 */
export class ServerResolver {
  private readonly cache = new Map<string, ServerChoice>();
  private readonly base?: URL;

  constructor(
    private readonly ctx: ConvertContext,
    baseUrl?: string,
  ) {
    if (baseUrl !== undefined && baseUrl.trim() !== '') {
      try {
        const u = new URL(baseUrl.trim());
        if (u.protocol === 'http:' || u.protocol === 'https:') this.base = u;
      } catch {
        // reported below
      }
      if (!this.base) ctx.warn('base-url', `The base URL ${JSON.stringify(baseUrl)} is not an absolute http(s) URL; it is not used`, '');
    }
  }

  forOperation(operation: OperationObject, operationPointer: string, pathItem: PathItemObject, pathItemPointer: string): ServerChoice {
    if (this.ctx.dialect.swagger) return this.swagger(operation, operationPointer);
    for (const [owner, pointer] of [
      [operation, operationPointer],
      [pathItem, pathItemPointer],
      [this.ctx.doc, ''],
    ] as const) {
      const servers = own(owner, 'servers');
      if (Array.isArray(servers) && servers.length > 0) return this.server(servers[0], joinPointer(joinPointer(pointer, 'servers'), 0));
    }
    // OpenAPI 3: no servers means one server at `/`.
    return this.finish('/', '', '/servers');
  }

  private server(raw: unknown, pointer: string): ServerChoice {
    const hit = this.cache.get(pointer);
    if (hit) return hit;
    const resolved = this.ctx.resolve<ServerObject>(raw, pointer);
    const node: ServerObject = resolved?.node ?? {};
    let url = typeof node.url === 'string' ? node.url.trim() : '';
    const variables = own(node, 'variables');
    url = url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
      const v = isPlainObject(variables) ? own(variables, name) : undefined;
      const value = isPlainObject(v) ? (typeof v.default === 'string' || typeof v.default === 'number' ? String(v.default) : Array.isArray(v.enum) && v.enum.length > 0 ? String(v.enum[0]) : undefined) : undefined;
      if (value === undefined) {
        this.ctx.warn('server-variable', `The server variable ${JSON.stringify(name)} has no default; \`${whole}\` stays in the URL`, pointer);
        return whole;
      }
      return value;
    });
    const choice = this.finish(url, url, pointer);
    this.cache.set(pointer, choice);
    return choice;
  }

  private swagger(operation: OperationObject, operationPointer: string): ServerChoice {
    const doc = this.ctx.doc;
    const opSchemes = own(operation, 'schemes');
    const docSchemes = own(doc, 'schemes');
    const schemes = Array.isArray(opSchemes) && opSchemes.length > 0 ? opSchemes : Array.isArray(docSchemes) ? docSchemes : [];
    const scheme = typeof schemes[0] === 'string' ? schemes[0].toLowerCase() : 'https';
    const key = `swagger:${scheme}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const host = typeof doc.host === 'string' ? doc.host.trim().replace(/\/+$/, '') : '';
    let basePath = typeof doc.basePath === 'string' ? doc.basePath.trim() : '';
    if (basePath !== '' && !basePath.startsWith('/')) basePath = `/${basePath}`;
    const url = host ? `${scheme}://${host}${basePath}` : basePath || '/';
    const pointer = host ? '/host' : doc.basePath !== undefined ? '/basePath' : Array.isArray(opSchemes) ? joinPointer(operationPointer, 'schemes') : '';
    const choice = this.finish(url, url, pointer);
    this.cache.set(key, choice);
    return choice;
  }

  private finish(url: string, shown: string, pointer: string): ServerChoice {
    let out = url;
    const cut = out.search(/[?#]/);
    if (cut >= 0) {
      this.ctx.warn('server-url', `The server URL ${JSON.stringify(shown)} has a query or fragment; it is left out`, pointer);
      out = out.slice(0, cut);
    }
    if (!ABSOLUTE.test(out)) {
      if (this.base) {
        out = new URL(out === '' ? '/' : out, this.base).href;
        const q = out.search(/[?#]/);
        if (q >= 0) out = out.slice(0, q);
      } else {
        this.ctx.warn(
          'relative-server',
          `The server URL ${JSON.stringify(shown || '/')} is relative: give a base URL to resolve it; until then its operations' URLs stay relative and fail operation-url`,
          pointer,
        );
        return { url: out.replace(/\/+$/, ''), absolute: false };
      }
    }
    return { url: out.replace(/\/+$/, ''), absolute: true };
  }
}
