/**
 * Reads a query string the way the upstream does: a parameter given once is a string, a repeated
 * parameter (`?statuses=A&statuses=B`) is an array. No bracket syntax, no nesting: `a[b]=c` is
 * just an unknown key named "a[b]", which the strict schemas refuse.
 */
export function parseQueryParams(url: string): Record<string, string | string[]> {
  const question = url.indexOf('?');
  const params = new URLSearchParams(question === -1 ? '' : url.slice(question + 1));
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}
