import { foldIdentifier } from '#contract/identity';
import type { Queryable } from './database';
import { likeContaining } from './like-pattern';

// The audit trail's operator filter (migration 019): an operator is found by the start of any
// word of their subject or name, in any case. The words are looked up in audit_operators, one row
// per operator and search text, few rows however many events; the events are then read operator
// by operator from each one's index (store/keyset-page.ts, oneOf).

/**
 * What the operator filter searches: the folded subject and name (contract/identity.ts), then
 * each of their words ("alice.smith@corp.test" also as "smith", "corp"), space-separated.
 */
export function operatorSearchText(subject: string, name: string | undefined): string {
  const whole = [subject, name ?? ''].map(foldIdentifier).filter((text) => text !== '');
  const words = whole.flatMap((text) => text.split(/[\s@._+-]+/)).filter((word) => word !== '');
  return [...new Set([...whole, ...words])].join(' ');
}

/**
 * A statement adding operators' search texts from `rows` (a VALUES list or a SELECT of subject
 * and text), nothing for one that is there already: the WITH of the events' INSERT, so the two
 * are written together.
 */
export const addAuditOperators = (rows: string) =>
  `INSERT INTO audit_operators (operator_subject, search) ${rows} ON CONFLICT DO NOTHING`;

/** The subjects of the operators a word of whose subject or name starts with `typed`. */
export async function matchingOperators(db: Queryable, typed: string): Promise<string[]> {
  const rows = await db.query<{ operator_subject: string }>(
    `SELECT DISTINCT operator_subject FROM audit_operators WHERE (' ' || search) LIKE $1`,
    [likeContaining(` ${foldIdentifier(typed)}`)],
  );
  return rows.map((row) => row.operator_subject);
}
