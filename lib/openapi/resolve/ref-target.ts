import { percentDecode } from '../../core/json-pointer';

/**
 * What relative references resolve against: a path inside the upload (a file, or an
 * upload-relative `$id`), or an absolute URI that some `$id` declared.
 */
export type Base = { upload: string } | { uri: string };

/** Where a `$ref` string points, before any file is looked at. */
export type RefAddress =
  /** `#…` only: the current file (or, for an anchor, the current `$id` resource). */
  | { kind: 'local'; fragment: string }
  /** A path inside the upload: a file, or an upload-relative `$id`. */
  | { kind: 'upload'; path: string; fragment: string }
  /** An absolute URI: only usable when an `$id` in the upload declares it. */
  | { kind: 'uri'; uri: string; fragment: string; refusal: string }
  | { kind: 'refused'; reason: string };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Classify a `$ref` string (SPEC 4.1: references resolve only inside what was uploaded).
 * Nothing here reads anything: the caller looks the result up in the uploaded files.
 * `http(s):`, `file:` and every other scheme, network paths (`//host`), absolute paths and
 * paths that climb out of the upload root are refused, each with the reason.
 */
export function classifyRef(ref: string, base: Base): RefAddress {
  if (CONTROL.test(ref)) return { kind: 'refused', reason: 'it contains control characters' };
  const hash = ref.indexOf('#');
  const address = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  if (address === '') return { kind: 'local', fragment };
  const scheme = SCHEME.exec(address);
  if (scheme) {
    const s = scheme[1].toLowerCase();
    const refusal =
      s === 'http' || s === 'https'
        ? 'it points outside the upload, and nothing is ever fetched'
        : s === 'file'
          ? 'it points at a file outside the upload, and no file outside the upload is ever read'
          : s.length === 1
            ? 'it is an absolute Windows path; only relative paths to uploaded files are allowed'
            : `"${s}:" references are not supported; only relative paths to uploaded files are allowed`;
    return { kind: 'uri', uri: stripEmptyFragment(address), fragment, refusal };
  }
  if (address.includes('\\')) return { kind: 'refused', reason: 'it contains a backslash; use "/" in paths' };
  if (address.startsWith('//')) {
    return { kind: 'refused', reason: 'it points at another host, and nothing is ever fetched' };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(address);
  } catch {
    return { kind: 'refused', reason: 'its path is not valid percent-encoding' };
  }
  if (CONTROL.test(decoded) || decoded.includes('\\')) {
    return { kind: 'refused', reason: 'its path contains control characters or a backslash' };
  }
  if ('uri' in base) {
    let resolved: string;
    try {
      resolved = new URL(address, base.uri).href;
    } catch {
      return { kind: 'refused', reason: `it cannot be resolved against the $id "${base.uri}"` };
    }
    return {
      kind: 'uri',
      uri: stripEmptyFragment(resolved),
      fragment,
      refusal: `it resolves against the $id "${base.uri}" to a location outside the upload`,
    };
  }
  if (decoded.startsWith('/')) {
    const path = normalizePath(decoded.slice(1));
    if (path === null) return { kind: 'refused', reason: 'it climbs out of the upload root' };
    return { kind: 'upload', path: `/${path}`, fragment };
  }
  const path = joinPath(dirname(base.upload), decoded);
  if (path === null) return { kind: 'refused', reason: 'it climbs out of the upload root' };
  return { kind: 'upload', path, fragment };
}

/**
 * The base a schema's `$id` sets for the references inside it (JSON Schema 2020-12, OpenAPI 3.1).
 * An absolute `$id` (`file:///etc/`, `https://…`) makes every relative reference beneath it
 * point outside the upload, so those are refused rather than looked up.
 */
export function baseForId(id: string, base: Base): Base {
  const address = stripEmptyFragment(id.split('#')[0]);
  if (address === '') return base;
  if (SCHEME.test(address)) return { uri: address };
  if ('uri' in base) {
    try {
      return { uri: new URL(address, base.uri).href };
    } catch {
      return { uri: 'about:invalid' };
    }
  }
  if (address.startsWith('/')) {
    const path = normalizePath(percentDecode(address.slice(1)));
    return path === null ? { uri: 'about:invalid' } : { upload: `/${path}` };
  }
  const path = joinPath(dirname(base.upload), percentDecode(address));
  return path === null ? { uri: 'about:invalid' } : { upload: path };
}

/** The key an `$id` resource is indexed under. */
export function baseKey(base: Base): string {
  return 'uri' in base ? base.uri : `upload:${base.upload.startsWith('/') ? base.upload : `/${base.upload}`}`;
}

/** Key for an upload path as a `$ref` names it (`/x` for root-relative, `x` for file-relative). */
export function uploadKey(path: string): string {
  return `upload:${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * Resolve `.` and `..` in an upload-relative path; null when it climbs above the root. A
 * trailing `/` stays: a folder-like `$id` (`schemas/`) is the base of what is written
 * beneath it (`pet.yaml` there is `schemas/pet.yaml`, RFC 3986 5.2).
 */
export function normalizePath(path: string): string | null {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  const joined = out.join('/');
  return joined !== '' && path.endsWith('/') ? `${joined}/` : joined;
}

function joinPath(dir: string, rel: string): string | null {
  const joined = dir === '' ? rel : `${dir}/${rel}`;
  const n = normalizePath(joined);
  if (n === null) return null;
  return dir.startsWith('/') ? `/${n}` : n;
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? '' : path.slice(0, i);
}

function stripEmptyFragment(s: string): string {
  return s.endsWith('#') ? s.slice(0, -1) : s;
}
