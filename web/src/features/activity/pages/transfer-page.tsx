import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ActivityItem } from '#contract/activity';
import { Card } from '#web/components/ui/card';
import { DateTime } from '#web/components/ui/date-time';
import { QueryErrorState } from '#web/components/ui/error-state';
import { NotFoundState } from '#web/components/ui/not-found-state';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { isApiError } from '#web/lib/api-error';
import { useMe } from '#web/lib/session';
import { transferQuery } from '../api/transfers-page-api';
import { ActivityOff } from '../components/activity-off';
import { TransferFacts } from '../components/transfer-facts';
import { ELSEWHERE_WITHDRAWAL_TEXT, isWithdrawalType } from '../lib/origin-label';
import '../activity.css';

/** /activity/:id: one transfer as the service reads it now, and whether this console made it. */
export function TransferPage() {
  const { id = '' } = useParams();
  const feature = useMe().features.activity;
  return (
    <div className="stack">
      <PageHeader
        title="Transfer"
        description={
          <>
            As the service reads it now · transfer id <code className="activity-break">{id}</code>
          </>
        }
        back={{ to: '/activity', label: 'All activity' }}
      />
      {feature.enabled ? (
        <TransferContent id={id} />
      ) : (
        <ActivityOff title="The transfer read is off for this console" reason={feature.reason} />
      )}
    </div>
  );
}

function TransferContent({ id }: { id: string }) {
  const result = useQuery(transferQuery(id));
  if (result.isPending)
    return (
      <Card>
        <SkeletonRows rows={8} label="Loading the transfer" />
      </Card>
    );
  if (result.isError)
    return (
      <Card>
        {isApiError(result.error) && result.error.status === 404 ? (
          <NotFoundState
            title="The service knows no transfer with this id"
            checks={[
              'the id, copied whole from the service or from Activity',
              'that this console talks to the service the transfer was made at',
            ]}
            action={<Link to="/activity">All activity</Link>}
          />
        ) : (
          <QueryErrorState query={result} title="The service's transfer could not be read" />
        )}
      </Card>
    );
  return (
    <>
      <OriginNotice item={result.data} />
      <TransferFacts transfer={result.data.transfer} />
    </>
  );
}

/** Who made it: this console (with its ledger record, initiator and approvers) or not. */
function OriginNotice({ item }: { item: ActivityItem }) {
  if (item.origin === 'console' && item.console) {
    const { ref_id, initiator, approvers, ledger_status, submitted_at } = item.console;
    return (
      <Card title="Made by this console" aria-label="Made by this console">
        <dl className="detail-list activity-break">
          <dt>Ledger record</dt>
          <dd>
            <Link to={`/withdrawals/${encodeURIComponent(ref_id)}`}>{ref_id}</Link> ({ledger_status}
            )
          </dd>
          <dt>Initiator</dt>
          <dd>{initiator ?? '—'}</dd>
          <dt>Approved by</dt>
          <dd>{approvers.length > 0 ? approvers.join(', ') : 'No approval was required'}</dd>
          <dt>Submitted</dt>
          <dd>
            <DateTime value={submitted_at} rawTitle />
          </dd>
        </dl>
      </Card>
    );
  }
  if (isWithdrawalType(item.transfer.type))
    return (
      <Notice tone="warning" title={ELSEWHERE_WITHDRAWAL_TEXT}>
        This console's ledger holds no record of it, by ref_id or by transfer id: it was made at the
        service directly (its dashboard, a script, or another client's key), so no one here
        initiated or approved it. Find out who made it.
      </Notice>
    );
  return (
    <Notice tone="info" title="Made elsewhere">
      This console did not start this transfer (deposits and internal moves never pass through it).
    </Notice>
  );
}
