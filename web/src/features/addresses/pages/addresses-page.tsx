import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListDestinationsResponse } from '#contract/destinations';
import { ButtonLink } from '#web/components/ui/button-link';
import { useHasRole, useMe } from '#web/lib/session';
import { CsvExportStatus } from '#web/components/ui/csv-export-status';
import { DataTable } from '#web/components/ui/data-table';
import { Notice } from '#web/components/ui/notice';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { retryProgress } from '#web/lib/retry-progress';
import { useCsvExport } from '#web/lib/use-csv-export';
import { destinationListQuery } from '../api/destination-list-api';
import { AddressFilters, AddressesActions } from '../components/address-filters';
import { destinationColumns } from '../components/destination-columns';
import { useAddressListUrl } from '../lib/use-address-list-url';
import '../addresses.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

export function AddressesPage() {
  const { search, setSearch, q, network, archived, setParam } = useAddressListUrl();
  const canEdit = useHasRole('address-editor');
  const serviceAddresses = useMe().features.service_addresses;
  const exporter = useCsvExport();

  const list = useQuery(destinationListQuery(q, network, archived));
  const filtered = q !== '' || network !== '' || archived === 'only';

  return (
    <div className="stack">
      <PageHeader
        title={PAGE_INTROS.addresses.title}
        description={PAGE_INTROS.addresses.description}
        actions={<AddressesActions canEdit={canEdit} exporter={exporter} />}
      />
      <CsvExportStatus
        state={exporter.state}
        onCancel={exporter.cancel}
        onDismiss={exporter.reset}
      />
      <AddressFilters
        search={search}
        onSearch={setSearch}
        network={network}
        archived={archived === 'only'}
        setParam={setParam}
      />
      {list.data?.service_unread && (
        <Notice tone="info" title="The service's saved addresses are not listed">
          {serviceAddresses.reason ??
            "The service's saved addresses could not be read: the list holds the addresses saved through this console."}
        </Notice>
      )}
      <AddressListBody list={list} filtered={filtered} canEdit={canEdit} />
    </div>
  );
}

/** The list as it stands: loading, failed, empty (with the way forward) or the table. */
function AddressListBody({
  list,
  filtered,
  canEdit,
}: {
  list: UseQueryResult<ListDestinationsResponse>;
  filtered: boolean;
  canEdit: boolean;
}) {
  const canWithdraw = useHasRole('withdrawal-initiator');
  const columns = useMemo(() => destinationColumns(canEdit, canWithdraw), [canEdit, canWithdraw]);
  const rows = list.data?.destinations ?? [];
  return (
    <>
      {/* The earlier list stays while a new search loads, but never once that search is failing:
          it would read as the answer (issue 13, item 10). */}
      {list.isPending || (list.isPlaceholderData && list.failureCount > 0) ? (
        <SkeletonRows rows={6} label="Loading addresses" retry={retryProgress(list)} />
      ) : list.isError ? (
        <QueryErrorState query={list} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={filtered ? 'No address matches' : 'No saved addresses yet'}
          action={
            !filtered && canEdit ? (
              <ButtonLink to="/addresses/new" variant="primary">
                Save the first address
              </ButtonLink>
            ) : undefined
          }
        >
          {filtered
            ? 'Search by another nickname or by the first or last characters of the address, or choose All networks.'
            : 'Addresses saved from this console or at the service appear here.'}
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
    </>
  );
}
