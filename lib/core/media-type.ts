/**
 * Media types, compared by their essence: the type and subtype in lower case, parameters
 * (`; charset=utf-8`) aside. One place decides what counts as JSON, form and multipart, so
 * the conversion, the rules and the call agree (SPEC 7.1).
 */

/** `Application/JSON; charset=utf-8` → `application/json`. */
export function essenceOf(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}

/**
 * A JSON media type: `application/json`, any `+json` suffix (`application/merge-patch+json`),
 * and the older names servers still send and take, `text/json` and `application/x-json`.
 */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return (
    essence === 'application/json' ||
    essence === 'text/json' ||
    essence === 'application/x-json' ||
    /^[a-z0-9.*-]+\/[a-z0-9.*+-]*\+json$/.test(essence)
  );
}

/** `application/x-www-form-urlencoded`. */
export function isFormMediaType(mediaType: string): boolean {
  return essenceOf(mediaType) === 'application/x-www-form-urlencoded';
}

/** `multipart/form-data`. */
export function isMultipartMediaType(mediaType: string): boolean {
  return essenceOf(mediaType) === 'multipart/form-data';
}
