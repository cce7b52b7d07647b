import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { Statement } from '#contract/statements';
import { Notice } from '#web/components/ui/notice';
import { statementSuccessorQuery } from '../api/statements-api';
import { statementDetailPath } from '../lib/statement-links';

/**
 * Says on a statement's own page that a correction replaces it, with a link to that version (the
 * list flags it too). Nothing while looking, or when the statement stands.
 */
export function SupersededNotice({
  statement,
  customerId,
}: {
  statement: Statement;
  customerId: string;
}) {
  const location = useLocation();
  const successor = useQuery(statementSuccessorQuery(customerId, statement)).data;
  if (!successor?.id) return null;
  const version = String(successor.version);
  return (
    <Notice tone="warning" title={`Superseded by version ${version}`}>
      {`This is version ${String(statement.version)}, corrected since: version ${version} of the same statement replaces it. `}
      <Link to={statementDetailPath(successor.id, customerId)} state={location.state}>
        Open version {version}
      </Link>
    </Notice>
  );
}
