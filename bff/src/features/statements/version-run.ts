import type { Statement } from '#contract/statements';
import { compareStatementVersion, wholeVersion } from '#contract/statement-version';

/** A statement ready to be written, with the version that replaces it (if a later one does). */
export interface ReleasedStatement {
  statement: Statement;
  supersededBy: string | undefined;
}

/**
 * Tells, while an export is written page by page, which statements a later version replaces. A
 * correction covers the same period as the statement it corrects, and the service lists by
 * period_start, so the versions of a group stand together (perhaps across a page boundary): the
 * statements of the current period are held back until another period starts (or the walk ends),
 * then written with the highest version seen of their group. Memory: one period's statements and
 * one version per group.
 */
export function createVersionRun() {
  const newest = new Map<string, string>();
  let held: Statement[] = [];
  let heldPeriod: string | undefined;

  const release = (): ReleasedStatement[] => {
    const out = held.map((statement) => ({ statement, supersededBy: successor(statement) }));
    held = [];
    return out;
  };
  const successor = (statement: Statement): string | undefined => {
    const own = wholeVersion(statement.version);
    const top = statement.statement_group_id ? newest.get(statement.statement_group_id) : undefined;
    return own !== undefined && top !== undefined && compareStatementVersion(own, top) < 0
      ? top
      : undefined;
  };

  return {
    /** Takes the next statement; answers those that can be written now. */
    add(statement: Statement): ReleasedStatement[] {
      const version = wholeVersion(statement.version);
      const group = statement.statement_group_id;
      if (group && version !== undefined) {
        const top = newest.get(group);
        if (top === undefined || compareStatementVersion(version, top) > 0)
          newest.set(group, version);
      }
      const period = statement.period_start ?? '';
      const out = held.length > 0 && period !== heldPeriod ? release() : [];
      held.push(statement);
      heldPeriod = period;
      return out;
    },
    /** The walk ended: every statement still held. */
    flush: release,
  };
}
