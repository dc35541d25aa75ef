/** The path parameters of an operation URL: every whole segment written `{name}` (SPEC 1.3). */
export function pathParameterNames(url: string): string[] {
  const names: string[] = [];
  if (!url.includes('{')) return names;
  const path = urlPath(url);
  for (const segment of path.split('/')) {
    // `{name}` whole: what /^\{([^{}]+)\}$/ matches, without a regular expression per segment.
    const last = segment.length - 1;
    if (last < 2 || segment.charCodeAt(0) !== 0x7b || segment.charCodeAt(last) !== 0x7d) continue;
    const name = segment.slice(1, last);
    if (!name.includes('{') && !name.includes('}')) names.push(name);
  }
  return names;
}

/** The path part of an absolute or relative URL, without query or fragment. */
export function urlPath(url: string): string {
  let rest = url;
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  const cut = rest.search(/[?#]/);
  return cut < 0 ? rest : rest.slice(0, cut);
}

/** `/pets/{id}` and `/pets/{petId}` are the same template: parameter names are ignored. */
export function templateKey(method: string, url: string): string {
  const origin = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(url)?.[0].toLowerCase() ?? '';
  const path = urlPath(url)
    .split('/')
    .map((s) => (/^\{[^{}]+\}$/.test(s) ? '{}' : s))
    .join('/');
  return `${method.toUpperCase()} ${origin}${path}`;
}
