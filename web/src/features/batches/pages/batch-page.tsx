import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { ErrorState, QueryErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { downloadCsv } from '#web/lib/csv-download';
import { batchKeys, batchQuery } from '#web/shared/batches/batch-query';
import { batchAction, reportUrl, rowAction, type BatchAction } from '../api/batch-api';
import { BatchErrorList } from '../components/batch-error-list';
import { BatchReview } from '../components/batch-review';
import { BatchRowsTable } from '../components/batch-rows-table';
import { useBatchFeeQuotes } from '../lib/use-batch-fee-quotes';
import { saveBlob } from '#web/lib/save-blob';
import '../batches.css';
import { batchProgress } from '../lib/batch-progress';

const STATUS_WORDS: Record<WithdrawalBatch['status'], string> = {
  draft: 'Not sent yet: review it, then send it.',
  awaiting_approval:
    'Held for approval: a withdrawal approver approves the whole batch on the Approvals page.',
  sending: 'Sending, a few rows at a time.',
  paused: 'Paused: no more rows go until it is resumed.',
  done: 'Done: every row was sent (or refused, dropped).',
  cancelled: 'Cancelled: the rows not sent will never go.',
  not_sent: 'Not sent: its approval was rejected, cancelled or expired.',
};

/** One batch: its validation (drop a row), the review, Send, live progress, outcomes, report. */
export function BatchPage() {
  const { id = '' } = useParams();
  const query = useQuery(batchQuery(id));
  const fees = useBatchFeeQuotes(query.data);
  const client = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const act = useMutation({
    mutationFn: async (
      step: { action: BatchAction } | { row: number; rowAction: 'drop' | 'check' },
    ) =>
      'action' in step ? batchAction(id, step.action) : rowAction(id, step.row, step.rowAction),
    onMutate: (step) => setBusy('action' in step ? step.action : `${step.rowAction}-${step.row}`),
    onSettled: () => setBusy(undefined),
    onSuccess: (batch) => client.setQueryData(batchKeys.detail(id), batch),
  });
  const back = (
    <>
      <ButtonLink to="/batches" variant="secondary">
        Batches
      </ButtonLink>
      <ButtonLink to="/withdrawals" variant="secondary">
        Withdrawals
      </ButtonLink>
    </>
  );
  if (query.isPending)
    return (
      <>
        <PageHeader title="Batch" actions={back} />
        <SkeletonRows rows={6} />
      </>
    );
  if (query.isError)
    return (
      <>
        <PageHeader title="Batch" actions={back} />
        <QueryErrorState query={query} />
      </>
    );
  const batch = query.data;
  return (
    <>
      <PageHeader
        title={`Batch ${batch.id}`}
        description={`${batch.rows.length} rows, uploaded by ${batch.created_by.name}.`}
        actions={back}
      />
      <div className="stack">
        <BatchStatusCard batch={batch} busy={busy} onAction={(action) => act.mutate({ action })} />
        {act.isError && <ErrorState error={act.error} title="That did not work" />}
        <BatchErrorsCard
          batch={batch}
          onDrop={(row) => act.mutate({ row, rowAction: 'drop' })}
          busyRow={busy?.startsWith('drop-') ? Number(busy.slice(5)) : undefined}
        />
        {(batch.status === 'draft' || batch.status === 'awaiting_approval') && (
          <BatchReview batch={batch} fees={fees} />
        )}
        <Card title="Rows" headingLevel={2} aria-label="Rows">
          <BatchRowsTable
            rows={batch.rows}
            onCheck={(row) => act.mutate({ row, rowAction: 'check' })}
            fees={fees?.data?.available ? fees.data.rows : undefined}
          />
        </Card>
      </div>
    </>
  );
}

/**
 * The file's errors and every invalid row's (a destination the gate refuses among them), each
 * row with Drop while the batch is a draft; nothing when there are none.
 */
function BatchErrorsCard({
  batch,
  onDrop,
  busyRow,
}: {
  batch: WithdrawalBatch;
  onDrop: (row: number) => void;
  busyRow: number | undefined;
}) {
  const errors = [
    ...batch.file_errors,
    ...batch.rows.filter((r) => r.state === 'invalid').flatMap((r) => r.errors),
  ];
  if (errors.length === 0) return null;
  const rowOfLine = (line: number) =>
    batch.rows.find((r) => r.line === line && r.state === 'invalid')?.row;
  return (
    <Card title="Errors" headingLevel={2} aria-label="Errors">
      <Notice tone="warning">
        Nothing of this file is sent until every bad row is fixed or dropped.
      </Notice>
      <BatchErrorList
        errors={errors}
        rowOfLine={batch.status === 'draft' ? rowOfLine : undefined}
        onDrop={onDrop}
        busyRow={busyRow}
      />
    </Card>
  );
}

function BatchStatusCard({
  batch,
  busy,
  onAction,
}: {
  batch: WithdrawalBatch;
  busy: string | undefined;
  onAction: (action: BatchAction) => void;
}) {
  const { settled, toSend, words } = batchProgress(batch.counts);
  const invalid = (batch.counts.invalid ?? 0) > 0 || batch.file_errors.length > 0;
  const button = (
    action: BatchAction,
    label: string,
    variant: 'primary' | 'secondary' | 'danger' = 'secondary',
  ) => (
    <Button variant={variant} busy={busy === action} onClick={() => onAction(action)}>
      {label}
    </Button>
  );
  return (
    <Card title="Status" headingLevel={2} aria-label="Status">
      <p role="status">{STATUS_WORDS[batch.status]}</p>
      {batch.status !== 'draft' && toSend > 0 && (
        <>
          <progress
            className="batch-progress"
            max={toSend}
            value={settled}
            aria-label="Rows sent"
          />
          <p className="muted">{words}</p>
        </>
      )}
      {batch.approval_id && (
        <p>
          Approval:{' '}
          <Link to={`/approvals/${batch.approval_id}`} className="mono">
            {batch.approval_id}
          </Link>
        </p>
      )}
      <div className="batch-actions">
        {batch.status === 'draft' && !invalid && button('submit', 'Send', 'primary')}
        {batch.status === 'sending' && button('pause', 'Pause')}
        {batch.status === 'paused' && button('resume', 'Resume', 'primary')}
        {['draft', 'awaiting_approval', 'sending', 'paused'].includes(batch.status) &&
          button('cancel', 'Cancel batch', 'danger')}
        {batch.status !== 'draft' && <ReportButton id={batch.id} />}
      </div>
    </Card>
  );
}

function ReportButton({ id }: { id: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      busy={busy}
      onClick={() => {
        setBusy(true);
        void downloadCsv(reportUrl(id), { expectStatusLine: false })
          .then(({ blob }) => saveBlob(blob, `withdrawal-batch-${id}.csv`))
          .finally(() => setBusy(false));
      }}
    >
      Download report
    </Button>
  );
}
