import type { DestinationListItem } from '#contract/destinations';
import { Badge } from '#web/components/ui/badge';
import { ButtonLink } from '#web/components/ui/button-link';
import { CopyButton } from '#web/components/ui/copy-button';
import { type DataTableColumn } from '#web/components/ui/data-table';
import { DateTime } from '#web/components/ui/date-time';
import { beneficiarySummary, custodySummary } from '../lib/address-labels';
import { isOldFormatTravelRule } from '../lib/address-form-values';
import { editAddressUrl, withdrawToAddressUrl } from '../lib/editor-links';
import { networkLabel } from '../lib/network-label';
import { AddressStatusBadge } from './address-status-badge';
import { ArchiveButton } from './archive-button';
import { CustodyText } from './custody-text';
import { OldFormatBadge } from './travel-rule-details';

const SOURCE_TONES = {
  book: { tone: 'info', label: 'Address book' },
  service: { tone: 'neutral', label: 'Saved at the service' },
} as const;

function TravelRuleCell({ row }: { row: DestinationListItem }) {
  const metadata = row.upstream.travelrule_metadata;
  const who = beneficiarySummary(metadata);
  const custody = custodySummary(metadata);
  if (!who && !custody) return <span className="muted">Not given</span>;
  return (
    <span>
      {isOldFormatTravelRule(metadata) && (
        <>
          <OldFormatBadge />{' '}
        </>
      )}
      {who}
      {who && custody && <br />}
      {custody && (
        <span className="muted">
          <CustodyText metadata={metadata} />
        </span>
      )}
    </span>
  );
}

function Actions({
  row,
  canEdit,
  canWithdraw,
}: {
  row: DestinationListItem;
  canEdit: boolean;
  canWithdraw: boolean;
}) {
  const name = row.nickname ?? row.address;
  return (
    <span className="row address-actions">
      {canEdit && !row.archived && (
        <ButtonLink
          variant="ghost"
          size="small"
          to={editAddressUrl(row)}
          aria-label={`Edit ${name}`}
        >
          Edit
        </ButtonLink>
      )}
      {canWithdraw && !row.archived && (
        <ButtonLink
          variant="ghost"
          size="small"
          to={withdrawToAddressUrl(row)}
          aria-label={`Withdraw to ${name}`}
        >
          Withdraw
        </ButtonLink>
      )}
      {/* A service-held address is archived into the book (the allowlist then refuses it). */}
      {canEdit && (
        <ArchiveButton entryKey={row.key} archived={row.archived !== undefined} name={name} />
      )}
    </span>
  );
}

/** The address list's columns: one row per destination, the book's or the service's. */
export function destinationColumns(
  canEdit: boolean,
  canWithdraw: boolean,
): DataTableColumn<DestinationListItem>[] {
  const columns: DataTableColumn<DestinationListItem>[] = [
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
      // A UUID on one line took the Actions column off a 1280 px screen: it breaks like an address.
      cell: (row) =>
        row.identity_id ? (
          <span className="mono address-cell">{row.identity_id}</span>
        ) : (
          <span className="muted">First-party</span>
        ),
    },
    { key: 'travel-rule', header: 'Travel Rule', cell: (row) => <TravelRuleCell row={row} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="stack-tight">
          <Badge value={row.source} tones={SOURCE_TONES} />
          {row.archived ? (
            <Badge value="archived" tones={{ archived: { tone: 'neutral', label: 'Archived' } }} />
          ) : (
            <AddressStatusBadge status={row.upstream.status} />
          )}
        </span>
      ),
    },
    {
      key: 'updated',
      header: 'Updated',
      className: 'nowrap',
      cell: (row) => {
        const at = row.updated_at ?? row.upstream.created_at;
        return at ? <DateTime value={at} /> : <span className="muted">—</span>;
      },
    },
  ];
  if (canEdit || canWithdraw)
    columns.push({
      key: 'actions',
      header: 'Actions',
      className: 'nowrap',
      cell: (row) => <Actions row={row} canEdit={canEdit} canWithdraw={canWithdraw} />,
    });
  return columns;
}
