import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { CsvExportStatus } from '#web/components/ui/csv-export-status';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { retryProgress } from '#web/lib/retry-progress';
import { middleEllipsis } from '#web/lib/middle-ellipsis';
import { useHasRole, useMe } from '#web/lib/session';
import { requestQuantity } from '#web/shared/usd-value/request-quantity';
import { UsdValueText } from '#web/shared/usd-value/usd-value-text';
import { LEDGER_PAGE_SIZE, withdrawalsListQuery } from '../api/withdrawal-api';
import { LedgerFilterForm } from '../components/ledger-filter-form';
import { LedgerPager } from '../components/ledger-pager';
import { LedgerStatusBadge } from '../components/ledger-status-badge';
import { TransferMismatchBadge } from '../components/transfer-mismatch';
import { LedgerTransferStatus } from '../components/ledger-transfer-status';
import {
  filtersFromSearch,
  rowRange,
  searchFromFilters,
  toLedgerQuery,
  type LedgerFilters,
} from '../lib/ledger-filters';
import { refusalReason } from '../lib/refusal-reason';
import { useLedgerExport } from '../lib/use-ledger-export';
import { liveStatusUnavailable } from '../lib/transfer-status-words';
import '../withdrawals.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const shortAddress = (address: string) => middleEllipsis(address, 10, 8, 20);

const COLUMNS: DataTableColumn<WithdrawalRecord>[] = [
  {
    key: 'ref_id',
    header: 'ref_id',
    cell: (row) => (
      <Link
        className="mono"
        title={row.ref_id}
        to={`/withdrawals/${encodeURIComponent(row.ref_id)}`}
      >
        {row.ref_id.length > 13 ? `${row.ref_id.slice(0, 13)}…` : row.ref_id}
      </Link>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <span className="row">
        <LedgerStatusBadge status={row.status} />
        {row.transfer && <LedgerTransferStatus transfer={row.transfer} />}
        <TransferMismatchBadge fields={row.transfer_mismatch} />
      </span>
    ),
  },
  {
    key: 'reason',
    header: 'Refusal reason',
    cell: (row) => {
      const reason = refusalReason(row);
      return reason ? (
        <span className="ledger-reason" title={reason}>
          {reason}
        </span>
      ) : (
        <span className="muted">—</span>
      );
    },
  },
  {
    key: 'profile',
    header: 'Profile',
    cell: (row) => {
      const profile = str(row.request.profile_id) ?? row.transfer?.profile_id;
      return profile ? (
        <span className="mono" title={profile}>
          {middleEllipsis(profile, 8, 4)}
        </span>
      ) : (
        <span className="muted">—</span>
      );
    },
  },
  { key: 'operator', header: 'Operator', cell: (row) => row.operator.name },
  {
    key: 'amount',
    header: 'Amount',
    className: 'num',
    cell: (row) => {
      const asset = str(row.request.asset);
      const value = row.transfer?.amount ?? str(row.request.amount);
      return value ? (
        <DecimalText value={value} asset={asset} />
      ) : (
        <span className="muted">
          total <DecimalText value={str(row.request.total)} asset={asset} />
        </span>
      );
    },
  },
  {
    key: 'total',
    header: 'Total',
    className: 'num',
    cell: (row) => (
      <DecimalText
        value={row.transfer?.total ?? str(row.request.total)}
        asset={str(row.request.asset)}
      />
    ),
  },
  {
    key: 'usd',
    header: 'USD value',
    className: 'num',
    cell: (row) => (
      <UsdValueText
        asset={requestQuantity(row.request).asset}
        quantity={row.transfer?.amount ?? requestQuantity(row.request).quantity}
        notionalValue={row.transfer?.notional_value}
        compact
      />
    ),
  },
  {
    key: 'network',
    header: 'Network',
    cell: (row) => {
      const network = str(row.request.crypto_network) ?? '';
      return CRYPTO_NETWORK_LABELS[network as keyof typeof CRYPTO_NETWORK_LABELS] ?? network;
    },
  },
  {
    key: 'destination',
    header: 'Destination',
    cell: (row) => {
      const address = str(row.request.destination_address) ?? '';
      return (
        <span className="mono" title={address}>
          {shortAddress(address)}
        </span>
      );
    },
  },
  {
    key: 'created_at',
    header: 'Submitted',
    className: 'nowrap',
    cell: (row) => <DateTime value={row.created_at} />,
  },
];

export function WithdrawalsPage() {
  const canInitiate = useHasRole('withdrawal-initiator');
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const cursor = search.get('cursor') ?? undefined;
  // The cursors of the pages before this one, for Previous (cursors only go forward).
  const [previous, setPrevious] = useState<(string | undefined)[]>([]);
  const liveStatus = useMe().features.transfer_status;
  const query = useQuery(withdrawalsListQuery(toLedgerQuery(filters), cursor, liveStatus.enabled));
  const exporter = useLedgerExport(filters);

  const applyFilters = (next: LedgerFilters) => {
    setPrevious([]);
    setSearch(searchFromFilters(next));
  };
  const goTo = (nextCursor: string | undefined) => {
    const params = searchFromFilters(filters);
    if (nextCursor) params.set('cursor', nextCursor);
    setSearch(params);
  };

  const rows = query.data?.withdrawals ?? [];
  const nextCursor = query.data?.next_cursor || undefined;
  const pageIndex = cursor ? Math.max(previous.length, 1) : 0;

  return (
    <>
      <PageHeader
        title={PAGE_INTROS.withdrawals.title}
        description={PAGE_INTROS.withdrawals.description}
        actions={
          <>
            <Button
              onClick={exporter.start}
              busy={exporter.state.status === 'running'}
              title="Every withdrawal matching the filters, all pages"
            >
              Export CSV
            </Button>
            <ButtonLink to="/batches" variant="secondary">
              Batches
            </ButtonLink>
            {canInitiate && (
              <ButtonLink to="/batches/new" variant="secondary">
                Batch from CSV
              </ButtonLink>
            )}
            {canInitiate && (
              <ButtonLink to="/withdrawals/new" variant="primary">
                New withdrawal
              </ButtonLink>
            )}
          </>
        }
      />
      <div className="stack">
        <LedgerFilterForm filters={filters} onApply={applyFilters} />
        <CsvExportStatus
          state={exporter.state}
          onCancel={exporter.cancel}
          onDismiss={exporter.reset}
        />
        {!liveStatus.enabled && (
          <Notice tone="info" title="Transfer statuses are as recorded, not live">
            {liveStatusUnavailable(liveStatus)} Each transfer shows the status last recorded in the
            ledger; nothing refreshes it meanwhile, so a pending one may have moved on since.
          </Notice>
        )}
        <Card flush aria-label="Withdrawals ledger">
          {query.isPending ? (
            <SkeletonRows rows={8} label="Loading withdrawals" retry={retryProgress(query)} />
          ) : query.isError ? (
            <QueryErrorState query={query} />
          ) : rows.length === 0 ? (
            <EmptyState title="No withdrawals match">
              {Object.keys(filters).length > 0
                ? 'Clear or change the filters to see more.'
                : 'Withdrawals appear here as soon as they are submitted.'}
            </EmptyState>
          ) : (
            <>
              <DataTable
                caption="Withdrawals, newest first"
                captionHidden
                columns={COLUMNS}
                rows={rows}
                rowKey={(row) => row.ref_id}
              />
              <LedgerPager
                range={rowRange(pageIndex, LEDGER_PAGE_SIZE, rows.length)}
                onPrevious={
                  cursor
                    ? () => {
                        const stack = [...previous];
                        const back = stack.pop();
                        setPrevious(stack);
                        goTo(back);
                      }
                    : undefined
                }
                onNext={
                  nextCursor && !query.isPlaceholderData
                    ? () => {
                        setPrevious([...previous, cursor]);
                        goTo(nextCursor);
                      }
                    : undefined
                }
              />
            </>
          )}
        </Card>
      </div>
    </>
  );
}
