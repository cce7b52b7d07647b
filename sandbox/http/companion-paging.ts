import { parseQueryParams } from './query-params';

/** A query parameter as a list: repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
export function listParam(query: Record<string, string | string[]>, name: string): string[] {
  const raw = query[name];
  if (raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

type PageRequest =
  | { ok: true; query: Record<string, string | string[]>; limit: number; offset: number }
  | { ok: false; detail: string };

/**
 * `limit` (1–1000, default `defaultLimit`) and an opaque `page_cursor` (base64url of an offset)
 * for the companion list operations; `allowed` lists the other parameters (anything else is 400).
 */
export function readPageRequest(
  url: string,
  allowed: readonly string[],
  defaultLimit = 100,
): PageRequest {
  const query = parseQueryParams(url);
  for (const key of Object.keys(query)) {
    if (key !== 'limit' && key !== 'page_cursor' && !allowed.includes(key))
      return { ok: false, detail: `Unknown query parameter ${key}` };
  }
  let limit = defaultLimit;
  if (query.limit !== undefined) {
    if (typeof query.limit !== 'string' || !/^[1-9]\d{0,3}$/.test(query.limit))
      return { ok: false, detail: 'limit is 1 to 1000' };
    limit = Number(query.limit);
    if (limit > 1000) return { ok: false, detail: 'limit is 1 to 1000' };
  }
  let offset = 0;
  if (query.page_cursor !== undefined) {
    const decoded =
      typeof query.page_cursor === 'string'
        ? Buffer.from(query.page_cursor, 'base64url').toString('utf8')
        : '';
    if (!/^o:\d{1,9}$/.test(decoded)) return { ok: false, detail: 'page_cursor is not valid' };
    offset = Number(decoded.slice(2));
  }
  return { ok: true, query, limit, offset };
}

/** One page of `items` and the cursor of the next one (absent on the last page). */
export function page<T>(
  items: readonly T[],
  limit: number,
  offset: number,
): { items: T[]; next_page_cursor?: string } {
  const slice = items.slice(offset, offset + limit);
  const next = offset + limit;
  return {
    items: slice,
    ...(next < items.length
      ? { next_page_cursor: Buffer.from(`o:${next}`, 'utf8').toString('base64url') }
      : {}),
  };
}
