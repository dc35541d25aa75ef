/**
 * Lower-case ASCII words of a text: accents removed, camelCase split, everything else a
 * separator (`getHTTPStatus` → get, http, status; `create_payment` → create, payment). How
 * names are compared with each other and with prose (file names, description quality).
 */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}
