import { STATEMENT_FIELDS, type Statement } from '#contract/statements';

// The statements control `sloppyStatements` (faults.ts): pages written the way the service may
// legally write them, since it publishes no required member (docs/upstream-contract.md). Tests
// switch it on to prove the console reads such pages; it is off by default.

/** The members a statement loses in turn, one per statement, cycling through the contract's list. */
export const SLOPPY_MISSING_IN_TURN = STATEMENT_FIELDS;

/**
 * Statement number `index` of a page, made sloppy: one member missing (in turn), the next one
 * null, `version` as a string, and its first balance without `amount_paid` every third statement.
 */
function sloppyStatement(statement: Statement, index: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...statement };
  const missing = SLOPPY_MISSING_IN_TURN[index % SLOPPY_MISSING_IN_TURN.length]!;
  const nulled = SLOPPY_MISSING_IN_TURN[(index + 1) % SLOPPY_MISSING_IN_TURN.length]!;
  delete out[missing];
  if (nulled in out) out[nulled] = null;
  if (typeof out.version === 'number') out.version = String(out.version);
  const balances = out.statement_balances;
  if (index % 3 === 0 && Array.isArray(balances) && balances.length > 0) {
    const [first, ...rest] = balances as Record<string, unknown>[];
    const { amount_paid: _dropped, ...kept } = first!;
    out.statement_balances = [kept, ...rest];
  }
  return out;
}

/** A page's body: an empty page is `{}` (no `statements` member at all). */
export function sloppyPageBody(
  items: readonly Statement[],
  nextCursor: string | undefined,
): string {
  if (items.length === 0 && nextCursor === undefined) return '{}';
  return JSON.stringify({
    statements: items.map(sloppyStatement),
    ...(nextCursor !== undefined ? { next_page_cursor: nextCursor } : {}),
  });
}
