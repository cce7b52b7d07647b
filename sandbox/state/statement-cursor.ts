import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ListStatementsQuery } from '#contract/statements';
import type { StatementPosition } from './statement-store';

// The page cursor is opaque to clients: base64url of a small JSON object holding the hash of the
// filters it was made for and the keyset position (period_start and id of the page's last item).
// A position rather than an offset keeps it correct when statements are added between pages.

/** The cursor's inside: our own format, not a wire shape of the upstream contract. */
const CursorSchema = z.strictObject({
  v: z.literal(1),
  f: z.string(),
  t: z.iso.datetime(),
  i: z.string().min(1),
});

/** The filters a cursor is bound to: everything but limit and page_cursor, in a canonical form. */
export function filtersFingerprint(query: ListStatementsQuery): string {
  const canonical = (values: readonly string[] | undefined) =>
    values ? [...new Set(values)].sort() : null;
  const key = JSON.stringify([
    query.customer_id,
    canonical(query.ref_ids),
    canonical(query.statement_ids),
    canonical(query.statuses),
    query.order ?? 'DESC',
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

export function encodeCursor(fingerprint: string, position: StatementPosition): string {
  const body = { v: 1, f: fingerprint, t: new Date(position.time).toISOString(), i: position.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

type CursorDecoding =
  { ok: true; position: StatementPosition } | { ok: false; reason: 'malformed' | 'other-filters' };

export function decodeCursor(cursor: string, fingerprint: string): CursorDecoding {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return { ok: false, reason: 'malformed' };
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const result = CursorSchema.safeParse(parsed);
  if (!result.success) return { ok: false, reason: 'malformed' };
  if (result.data.f !== fingerprint) return { ok: false, reason: 'other-filters' };
  return { ok: true, position: { time: Date.parse(result.data.t), id: result.data.i } };
}
