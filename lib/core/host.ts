/**
 * Whether a URL's host can be the vendor's API (SPEC 4.2, the `operation-url` rule): a host
 * that names this machine, a private network, a cloud's metadata service, a documentation
 * placeholder, or that hides what it is (a bare number, letters of two scripts) cannot be,
 * and a skill that calls it would send an agent's requests, credentials attached, there.
 */

/** Why a host cannot be the vendor's; absent for one that can. */
export type HostKind = 'loopback' | 'private' | 'link-local' | 'unspecified' | 'placeholder' | 'number' | 'mixed-script' | 'invalid';

export interface HostVerdict {
  kind: HostKind;
  /** The reason in words, to follow "The host `…` ". */
  why: string;
}

const WHY: Readonly<Record<HostKind, string>> = {
  loopback: 'is this machine (loopback)',
  private: 'is on a private network',
  'link-local': "is link-local (a cloud's metadata service answers there)",
  unspecified: 'is the unspecified address',
  placeholder: "is a documentation placeholder, not a vendor's",
  number: 'is a bare number, which a client reads as an IP address',
  'mixed-script': 'mixes letters of different scripts (a look-alike of another host)',
  invalid: 'is not a valid host name',
};

/** The second-level names reserved for documentation (RFC 2606), as spec authors write them. */
const PLACEHOLDER_NAMES = /(^|\.)example\.(com|net|org)$/i;

/**
 * The verdict on a host as a URL writes it (`api.acme.com`, `127.0.0.1`, `[::1]`, a port
 * allowed), or undefined when it may be the vendor's. Pure: nothing is looked up.
 */
export function classifyHost(written: string): HostVerdict | undefined {
  if (kinds.has(written)) return verdictOf(kinds.get(written));
  const kind = hostKind(written);
  if (kinds.size >= KINDS_KEPT) kinds.clear();
  kinds.set(written, kind);
  return verdictOf(kind);
}

/**
 * Each host's kind, found once: a skill's hundreds of operations share a host or a few, and
 * finding it means parsing a URL and looking at every letter's script.
 */
const kinds = new Map<string, HostKind | undefined>();
const KINDS_KEPT = 1_000;

const verdictOf = (kind: HostKind | undefined): HostVerdict | undefined => (kind === undefined ? undefined : { kind, why: WHY[kind] });

function hostKind(written: string): HostKind | undefined {
  const host = stripPort(written.trim()).toLowerCase().replace(/\.$/, '');
  if (host === '') return 'invalid';
  if (host.startsWith('[')) return ipv6Kind(host.slice(1, -1));
  if (mixedScripts(host)) return 'mixed-script';
  if (/^(0x[0-9a-f]+|\d+)$/.test(host)) return 'number';
  const ascii = hostToAscii(host);
  if (ascii === undefined) return 'invalid';
  if (ascii === 'localhost' || ascii.endsWith('.localhost')) return 'loopback';
  const v4 = ipv4(ascii);
  if (v4 !== undefined) return ipv4Kind(v4);
  // Dotted forms a client still reads as an address (`0x7f.1`, `0177.0.0.1`, `127.1`).
  if (/^[0-9a-fx.]+$/.test(ascii) && /^\d|^0x/.test(ascii)) return 'number';
  if (PLACEHOLDER_NAMES.test(ascii)) return 'placeholder';
  return undefined;
}

/**
 * A host in its ASCII form (`xn--…` for each label that is not, WHATWG URL's IDNA), or
 * undefined when it cannot be one. An IP literal or an ASCII name comes back lowercased.
 */
export function hostToAscii(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

function stripPort(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function ipv4(host: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : undefined;
}

function ipv4Kind([a, b]: number[]): HostKind | undefined {
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  return undefined;
}

function ipv6Kind(address: string): HostKind | undefined {
  const a = address.toLowerCase();
  if (a === '::1') return 'loopback';
  if (a === '::') return 'unspecified';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) {
    const v4 = ipv4(mapped[1]);
    return v4 === undefined ? 'invalid' : ipv4Kind(v4);
  }
  if (/^fe[89ab]/.test(a)) return 'link-local';
  if (/^f[cd]/.test(a)) return 'private';
  return undefined;
}

const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u, /\p{Script=Cherokee}/u];

/** A label with letters of two of the scripts look-alikes are made from (`аpple`: a Cyrillic `а`). */
function mixedScripts(host: string): boolean {
  if (/^[\x00-\x7f]*$/.test(host)) return false;
  return host.split('.').some((label) => SCRIPTS.filter((s) => s.test(label)).length > 1);
}
