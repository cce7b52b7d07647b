import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { SelectField } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
import type { useCsvExport } from '#web/lib/use-csv-export';
import { ADDRESS_EXPORT_URL } from '../api/address-files-api';
import { NETWORK_OPTIONS } from '../lib/network-label';

/** The address list's filters: search, network, archived; the URL holds them (`setParam`). */
export function AddressFilters({
  search,
  onSearch,
  network,
  archived,
  setParam,
}: {
  search: string;
  onSearch: (value: string) => void;
  network: string;
  archived: boolean;
  setParam: (name: string, value: string | undefined) => void;
}) {
  return (
    <div role="search" className="address-filters" aria-label="Filter addresses">
      <TextField
        label="Search"
        type="search"
        hint="Nickname, beneficiary or VASP, or the start or end of an address"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      <SelectField
        label="Network"
        placeholder="All networks"
        options={NETWORK_OPTIONS}
        value={network}
        onChange={(event) => setParam('crypto_network', event.target.value || undefined)}
      />
      <CheckboxField
        label="Archived only"
        hint="Archived addresses are hidden from the list and the pickers"
        checked={archived}
        onChange={(event) => setParam('archived', event.target.checked ? 'only' : undefined)}
      />
    </div>
  );
}

/** Export (every role), import and a new address (the address editor's). */
export function AddressesActions({
  canEdit,
  exporter,
}: {
  canEdit: boolean;
  exporter: ReturnType<typeof useCsvExport>;
}) {
  return (
    <>
      <Button
        onClick={() =>
          void exporter.start(
            ADDRESS_EXPORT_URL,
            `address-book-${new Date().toISOString().slice(0, 10)}.csv`,
            { expectStatusLine: false },
          )
        }
        busy={exporter.state.status === 'running'}
        title="The address book and the service's saved addresses, in the import's columns"
      >
        Export CSV
      </Button>
      {canEdit && (
        <ButtonLink to="/addresses/import" variant="secondary">
          Import CSV
        </ButtonLink>
      )}
      {canEdit && (
        <ButtonLink to="/addresses/new" variant="primary">
          New address
        </ButtonLink>
      )}
    </>
  );
}
