import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { WithdrawalAttempt, WithdrawalRecord } from '#contract/withdrawal-ledger';
import { Badge } from '#web/components/ui/badge';
import { Card } from '#web/components/ui/card';
import { CopyableText } from '#web/components/ui/copy-button';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { retryProgress } from '#web/lib/retry-progress';
import { isApiError } from '#web/lib/api-error';
import { useMe } from '#web/lib/session';
import { liveWithdrawalDetailQuery } from '../api/withdrawal-api';
import { AddressGroups } from '#web/shared/destinations/address-groups';
import { requestQuantity } from '#web/shared/usd-value/request-quantity';
import { UsdValueText } from '#web/shared/usd-value/usd-value-text';
import { CheckAgain } from '../components/check-again';
import { LedgerStatusBadge } from '../components/ledger-status-badge';
import { TransferMismatchNotice } from '../components/transfer-mismatch';
import { LiveTransferCard } from '../components/live-transfer-card';
import { RecordApproval } from '../components/record-approval';
import { SendAgain } from '../components/send-again';
import '../withdrawals.css';

const ATTEMPT_RESULTS = {
  created: { tone: 'success', label: 'Created' },
  replayed: { tone: 'info', label: 'Already existed' },
  refused: { tone: 'danger', label: 'Refused' },
  unknown: { tone: 'warning', label: 'Outcome unknown' },
} as const;

const ATTEMPT_COLUMNS: DataTableColumn<WithdrawalAttempt>[] = [
  { key: 'number', header: '#', cell: (a) => a.number },
  { key: 'started_at', header: 'Started', cell: (a) => <DateTime value={a.started_at} /> },
  { key: 'finished_at', header: 'Finished', cell: (a) => <DateTime value={a.finished_at} /> },
  {
    key: 'result',
    header: 'Result',
    cell: (a) =>
      a.result ? (
        <Badge value={a.result} tones={ATTEMPT_RESULTS} />
      ) : (
        <span className="muted">in progress</span>
      ),
  },
  {
    key: 'upstream_status',
    header: 'Upstream status',
    className: 'num',
    cell: (a) => a.upstream_status ?? <span className="muted">—</span>,
  },
  { key: 'detail', header: 'Detail', cell: (a) => a.detail ?? <span className="muted">—</span> },
  {
    key: 'request_id',
    header: 'Request id',
    cell: (a) => (a.request_id ? <code>{a.request_id}</code> : <span className="muted">—</span>),
  },
];

export function WithdrawalDetailPage() {
  const { refId = '' } = useParams();
  // Awaiting an approval or its send, it is read again until the outcome is there.
  const query = useQuery(liveWithdrawalDetailQuery(refId));
  return (
    <>
      <PageHeader
        title="Withdrawal"
        description={
          <>
            ref_id <code>{refId}</code>
          </>
        }
        back={{ to: '/withdrawals', label: 'All withdrawals' }}
      />
      {query.isPending ? (
        <SkeletonRows rows={8} label="Loading the withdrawal" retry={retryProgress(query)} />
      ) : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <EmptyState title="No withdrawal has this ref_id">
            It was never submitted through this console. Check the ref_id.
          </EmptyState>
        ) : (
          <QueryErrorState query={query} />
        )
      ) : (
        <WithdrawalRecordView record={query.data} />
      )}
    </>
  );
}

/** The same transfer's page on Activity (the service's read with its origin), when it is on. */
function ActivityLink({ transferId }: { transferId: string }) {
  if (!useMe().features.activity.enabled) return null;
  return (
    <p>
      <Link to={`/activity/${encodeURIComponent(transferId)}`}>
        This transfer at the service, on Activity
      </Link>
    </p>
  );
}

function WithdrawalRecordView({ record }: { record: WithdrawalRecord }) {
  const request = Object.entries(record.request);
  const attempts = record.attempts ?? [];
  return (
    <div className="stack">
      <Card title="Ledger record">
        <dl className="detail-list">
          <dt>Status</dt>
          <dd>
            <LedgerStatusBadge status={record.status} />
          </dd>
          <dt>ref_id</dt>
          <dd>
            <CopyableText value={record.ref_id} label="ref_id" />
          </dd>
          <dt>Operator</dt>
          <dd>
            {record.operator.name} <span className="muted mono">({record.operator.subject})</span>
          </dd>
          <dt>Recorded</dt>
          <dd>
            <DateTime value={record.created_at} />
          </dd>
          <dt>Updated</dt>
          <dd>
            <DateTime value={record.updated_at} />
          </dd>
          <dt>Request hash</dt>
          <dd className="mono">{record.request_hash}</dd>
          <dt>USD value</dt>
          <dd>
            <UsdValueText
              asset={requestQuantity(record.request).asset}
              quantity={record.transfer?.amount ?? requestQuantity(record.request).quantity}
              notionalValue={record.transfer?.notional_value}
            />
          </dd>
        </dl>
      </Card>
      {record.status === 'awaiting_approval' && (
        <Notice tone="info" title="Awaiting approval">
          Nothing has been sent to the service yet: the last approval sends it, with this ref_id.
        </Notice>
      )}
      {record.status === 'not_sent' && (
        <Notice tone="info" title="Not sent">
          Its approval request was rejected, cancelled or expired: it never reached the service.
        </Notice>
      )}
      {record.approval_id && <RecordApproval approvalId={record.approval_id} />}
      <TransferMismatchNotice fields={record.transfer_mismatch} />
      {(record.status === 'unknown' || record.status === 'submitting') && (
        <CheckAgain record={record} />
      )}
      {record.problem && (
        <Notice tone="danger" title={`Refused: ${record.problem.title}`}>
          {record.problem.detail && <p>{record.problem.detail}</p>}
          {record.problem.meta && (
            <pre className="mono small">{JSON.stringify(record.problem.meta, null, 2)}</pre>
          )}
          <SendAgain record={record} />
        </Notice>
      )}
      {record.transfer && (
        <LiveTransferCard
          transfer={record.transfer}
          refId={record.ref_id}
          title="Transfer"
          recordedAt={record.updated_at}
        />
      )}
      {record.transfer && <ActivityLink transferId={record.transfer.id} />}
      <Card title="Request as submitted">
        <dl className="detail-list">
          {request.map(([key, value]) => (
            <RequestRow key={key} name={key} value={value} />
          ))}
        </dl>
      </Card>
      {record.sent_request && (
        <Card title="Sent upstream" aria-label="Sent upstream">
          <p className="muted">
            The body the service received: the request with the console&rsquo;s attribution (who
            initiated and who approved it, the console&rsquo;s request id) in its metadata.
          </p>
          <dl className="detail-list">
            {Object.entries(record.sent_request).map(([key, value]) => (
              <RequestRow key={key} name={key} value={value} />
            ))}
          </dl>
        </Card>
      )}
      <Card title="Attempts" flush>
        {attempts.length === 0 ? (
          <EmptyState title="No attempts recorded" headingLevel={3} />
        ) : (
          <DataTable
            caption="Attempts at the upstream, oldest first"
            captionHidden
            columns={ATTEMPT_COLUMNS}
            rows={attempts}
            rowKey={(a) => String(a.number)}
          />
        )}
      </Card>
    </div>
  );
}

function RequestRow({ name, value }: { name: string; value: unknown }) {
  return (
    <>
      <dt className="mono">{name}</dt>
      <dd>
        {name === 'destination_address' && typeof value === 'string' ? (
          <AddressGroups address={value} />
        ) : typeof value === 'string' ? (
          <span className="mono">{value}</span>
        ) : value && typeof value === 'object' && !Array.isArray(value) ? (
          // Metadata: one pair a line (the attribution keys among them), never raw JSON.
          <ul className="plain-list">
            {Object.entries(value as Record<string, unknown>).map(([key, inner]) => (
              <li key={key} className="mono">
                {key}: {typeof inner === 'string' ? inner : JSON.stringify(inner)}
              </li>
            ))}
          </ul>
        ) : (
          <span className="mono">{JSON.stringify(value)}</span>
        )}
      </dd>
    </>
  );
}
