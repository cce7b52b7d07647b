import type { Statement } from '#contract/statements';
import {
  compareStatementVersion as compareVersion,
  wholeVersion,
} from '#contract/statement-version';

/**
 * Statements are immutable: a correction is a new statement in the same statement_group_id with a
 * higher version. Answers, for each statement a later version replaces, that later version (among
 * the statements given: a correction on another page is not seen here).
 */
export function supersededBy(statements: readonly Statement[]): Map<string, string> {
  const latest = new Map<string, string>();
  for (const s of statements) {
    if (!s.statement_group_id || s.version === undefined) continue;
    const version = wholeVersion(s.version);
    if (version === undefined) continue;
    const current = latest.get(s.statement_group_id);
    if (current === undefined || compareVersion(version, current) > 0)
      latest.set(s.statement_group_id, version);
  }
  const out = new Map<string, string>();
  for (const s of statements) {
    if (!s.id || !s.statement_group_id || s.version === undefined) continue;
    const newest = latest.get(s.statement_group_id);
    if (newest !== undefined && compareVersion(String(s.version), newest) < 0)
      out.set(s.id, newest);
  }
  return out;
}

/**
 * The statement that replaces `statement`: the highest version of its group among `candidates`,
 * when that version is higher than its own; undefined when it stands (or has no group).
 */
export function successorOf(
  statement: Statement,
  candidates: readonly Statement[],
): Statement | undefined {
  const group = statement.statement_group_id;
  if (!group || statement.id === undefined || statement.version === undefined) return undefined;
  const members = candidates.filter((s) => s.statement_group_id === group && s.id !== undefined);
  const newest = supersededBy([statement, ...members]).get(statement.id);
  if (newest === undefined) return undefined;
  return members.find((s) => String(s.version).replace(/^0+(?=\d)/, '') === newest);
}
