import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FeatureState } from '#contract/companion-features';
import type { ServiceAddress } from '#contract/service-addresses';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { DataTable, type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { ErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { serviceAddressesQuery } from '../api/service-addresses-api';
import { networkLabel } from '../lib/network-label';

const TRAVEL_RULE_TONES = {
  complete: { tone: 'success', label: 'Complete' },
  incomplete: { tone: 'warning', label: 'Incomplete' },
  missing: { tone: 'danger', label: 'Missing' },
} as const;

const COLUMNS: DataTableColumn<ServiceAddress>[] = [
  {
    key: 'nickname',
    header: 'Nickname',
    cell: (row) => row.address.nickname ?? <span className="muted">No nickname</span>,
  },
  {
    key: 'network',
    header: 'Network',
    cell: (row) => (row.address.crypto_network ? networkLabel(row.address.crypto_network) : '—'),
  },
  {
    key: 'address',
    header: 'Address',
    cell: (row) => <span className="address-cell">{row.address.address}</span>,
  },
  {
    key: 'travel-rule',
    header: 'Travel Rule',
    cell: (row) => (
      <span>
        <Badge value={row.travel_rule} tones={TRAVEL_RULE_TONES} />
        {row.travel_rule_gaps.length > 0 && (
          <span className="muted small"> Missing: {row.travel_rule_gaps.join('; ')}</span>
        )}
      </span>
    ),
  },
  {
    key: 'recorded',
    header: 'Saved through this console',
    cell: (row) =>
      row.recorded ? (
        <span>
          {row.recorded.saved_by.name}, <DateTime value={row.recorded.updated_at} />
        </span>
      ) : (
        <span className="muted">No (saved elsewhere)</span>
      ),
  },
];

/**
 * The saved addresses the service holds (not only those saved through this console), page by
 * page, searchable, with missing or incomplete Travel Rule data marked. Off: says why.
 */
export function ServiceAddressesPanel({
  feature,
  q,
  network,
}: {
  feature: FeatureState;
  q: string;
  network: string;
}) {
  const [cursors, setCursors] = useState<string[]>([]);
  // New filters start from the first page.
  useEffect(() => setCursors([]), [q, network]);
  const cursor = cursors[cursors.length - 1];
  const list = useQuery({ ...serviceAddressesQuery(q, network, cursor), enabled: feature.enabled });
  if (!feature.enabled)
    return (
      <Notice tone="info" title="The service's saved addresses are not shown">
        {feature.reason ?? "The service's saved addresses are not available."} The list above holds
        the addresses saved through this console.
      </Notice>
    );
  const next = list.data?.next_cursor;
  return (
    <Card title="Saved at the service" aria-label="Saved at the service">
      {list.isError ? (
        <ErrorState
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.isPending ? (
        <p className="muted">Loading the service's addresses…</p>
      ) : list.data.addresses.length === 0 ? (
        <p className="muted">
          The service holds no address matching these filters.
          {q.trim() !== '' &&
            ' It matches a whole address or a whole nickname only (the list above also finds the start or end of an address).'}
        </p>
      ) : (
        <DataTable
          caption="Addresses the service holds"
          captionHidden
          columns={COLUMNS}
          rows={list.data.addresses}
          rowKey={(row) => row.address.id}
        />
      )}
      <div className="row">
        <Button disabled={cursors.length === 0} onClick={() => setCursors([])}>
          First page
        </Button>
        <Button
          disabled={!next || list.isFetching}
          onClick={() => next && setCursors((stack) => [...stack, next])}
        >
          Next page
        </Button>
      </div>
    </Card>
  );
}
