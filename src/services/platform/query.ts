/** GET query strings: arrays become repeated keys (`codes=A&codes=B`), undefined/null are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) parts.append(key, String(v));
    else parts.append(key, String(value));
  }
  const s = parts.toString();
  return s ? `?${s}` : '';
}
