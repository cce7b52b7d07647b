import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AddressBookEntry } from '#contract/address-book';
import { normalizeCryptoNetwork } from '#contract/crypto-network';
import { useHasRole, useMe } from '#web/lib/session';
import { buttonClassName } from '#web/components/ui/button';
import { CopyButton } from '#web/components/ui/copy-button';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SelectField } from '#web/components/ui/select-field';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { retryProgress } from '#web/lib/retry-progress';
import { TextField } from '#web/components/ui/text-field';
import { addressListQuery } from '../api/address-api';
import { AddressStatusBadge } from '../components/address-status-badge';
import { CustodyText } from '../components/custody-text';
import { ServiceAddressesPanel } from '../components/service-addresses-panel';
import { beneficiarySummary, custodySummary } from '../lib/address-labels';
import { isOldFormatTravelRule } from '../lib/address-form-values';
import { OldFormatBadge } from '../components/travel-rule-details';
import { editAddressUrl, withdrawToAddressUrl } from '../lib/editor-links';
import { NETWORK_OPTIONS, networkLabel } from '../lib/network-label';
import { useDebouncedValue } from '../lib/use-debounced-value';
import '../addresses.css';

/** Bookmarked first; otherwise the server's order (stable sort keeps it). */
function bookmarkedFirst(entries: readonly AddressBookEntry[]): AddressBookEntry[] {
  return [...entries].sort((a, b) => Number(b.bookmarked) - Number(a.bookmarked));
}

function buildColumns(canEdit: boolean, canWithdraw: boolean): DataTableColumn<AddressBookEntry>[] {
  const columns: DataTableColumn<AddressBookEntry>[] = [
    {
      key: 'nickname',
      header: 'Nickname',
      cell: (row) => (
        <span>
          {row.bookmarked && (
            <span title="Bookmarked" aria-label="Bookmarked" role="img">
              ★{' '}
            </span>
          )}
          {row.nickname ?? <span className="muted">No nickname</span>}
        </span>
      ),
    },
    { key: 'network', header: 'Network', cell: (row) => networkLabel(row.crypto_network) },
    {
      key: 'address',
      header: 'Address',
      cell: (row) => (
        <span className="copyable">
          <span className="address-cell">{row.address}</span>
          <CopyButton value={row.address} label={`address of ${row.nickname ?? row.address}`} />
        </span>
      ),
    },
    {
      key: 'identity',
      header: 'Identity',
      className: 'nowrap',
      cell: (row) =>
        row.identity_id ? (
          <span className="mono">{row.identity_id}</span>
        ) : (
          <span className="muted">First-party</span>
        ),
    },
    {
      key: 'travel-rule',
      header: 'Travel Rule',
      cell: (row) => {
        const who = beneficiarySummary(row.upstream.travelrule_metadata);
        const custody = custodySummary(row.upstream.travelrule_metadata);
        if (!who && !custody) return <span className="muted">Not given</span>;
        return (
          <span>
            {isOldFormatTravelRule(row.upstream.travelrule_metadata) && (
              <>
                <OldFormatBadge />{' '}
              </>
            )}
            {who}
            {who && custody && <br />}
            {custody && (
              <span className="muted">
                <CustodyText metadata={row.upstream.travelrule_metadata} />
              </span>
            )}
          </span>
        );
      },
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <AddressStatusBadge status={row.upstream.status} />,
    },
    {
      key: 'updated',
      header: 'Updated',
      className: 'nowrap',
      cell: (row) => <DateTime value={row.updated_at} />,
    },
  ];
  if (canEdit || canWithdraw) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      className: 'nowrap',
      cell: (row) => {
        const name = row.nickname ?? row.address;
        return (
          <span className="row address-actions">
            {canEdit && (
              <Link
                className={buttonClassName('ghost', 'small')}
                to={editAddressUrl(row)}
                aria-label={`Edit ${name}`}
              >
                Edit
              </Link>
            )}
            {canWithdraw && (
              <Link
                className={buttonClassName('ghost', 'small')}
                to={withdrawToAddressUrl(row)}
                aria-label={`Withdraw to ${name}`}
              >
                Withdraw
              </Link>
            )}
          </span>
        );
      },
    });
  }
  return columns;
}

export function AddressesPage() {
  const [params, setParams] = useSearchParams();
  // A network in the URL is read as its published name (`ethereum` is ETHEREUM); one that is not
  // a published network shows, and asks for, all networks (issue 25, item 5).
  const writtenNetwork = params.get('crypto_network');
  const network = normalizeCryptoNetwork(writtenNetwork ?? '') ?? '';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 250);
  const canEdit = useHasRole('address-editor');
  const canWithdraw = useHasRole('withdrawal-initiator');
  const serviceAddresses = useMe().features.service_addresses;
  const columns = useMemo(() => buildColumns(canEdit, canWithdraw), [canEdit, canWithdraw]);

  // The URL holds the filters, so a link reproduces the view; typing replaces, not pushes.
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  // The URL then says what is shown.
  useEffect(() => {
    if (writtenNetwork === null || writtenNetwork === network) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (network) next.set('crypto_network', network);
        else next.delete('crypto_network');
        return next;
      },
      { replace: true },
    );
  }, [writtenNetwork, network, setParams]);

  const list = useQuery(addressListQuery(q, network));
  const rows = useMemo(() => bookmarkedFirst(list.data?.addresses ?? []), [list.data]);
  const filtered = q !== '' || network !== '';

  return (
    <div className="stack">
      <PageHeader
        title="Addresses"
        description="Saved crypto destination addresses with their Travel Rule details. Bookmarked addresses come first."
        actions={
          canEdit && (
            <Link className={buttonClassName('primary')} to="/addresses/new">
              New address
            </Link>
          )
        }
      />
      <div role="search" className="address-filters" aria-label="Filter addresses">
        <TextField
          label="Search"
          type="search"
          hint="Nickname, or the start or end of an address"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField
          label="Network"
          placeholder="All networks"
          options={NETWORK_OPTIONS}
          value={network}
          onChange={(event) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              if (event.target.value) next.set('crypto_network', event.target.value);
              else next.delete('crypto_network');
              return next;
            })
          }
        />
      </div>
      {/* The earlier list stays while a new search loads, but never once that search is failing:
          it would read as the answer (issue 13, item 10). */}
      {list.isPending || (list.isPlaceholderData && list.failureCount > 0) ? (
        <SkeletonRows rows={6} label="Loading addresses" retry={retryProgress(list)} />
      ) : list.isError ? (
        <ErrorState
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          title={filtered ? 'No address matches' : 'No saved addresses yet'}
          action={
            !filtered && canEdit ? (
              <Link className={buttonClassName('primary')} to="/addresses/new">
                Save the first address
              </Link>
            ) : undefined
          }
        >
          {filtered
            ? 'Search by another nickname or by the first or last characters of the address, or choose All networks.'
            : 'Addresses saved from this console appear here.'}
        </EmptyState>
      ) : (
        <div className="address-list">
          <DataTable
            caption={`Saved addresses (${rows.length}${list.isFetching ? ', updating' : ''})`}
            captionHidden
            columns={columns}
            rows={rows}
            rowKey={(row) => row.key}
          />
        </div>
      )}
      <ServiceAddressesPanel feature={serviceAddresses} q={q} network={network} />
    </div>
  );
}
