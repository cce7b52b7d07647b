import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { AddressBookEntry } from '#contract/address-book';
import { Button } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { addressEntryQuery } from '../api/address-api';
import {
  formValuesFromAddress,
  isOldFormatTravelRule,
  type AddressFormApi,
} from '../lib/address-form-values';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { OldFormatBadge } from './travel-rule-details';

/** Loads the saved details of an address the operator typed in that turns out to be saved. */
export function ExistingEntryNotice({
  form,
  loadedFrom,
}: {
  form: AddressFormApi;
  loadedFrom: AddressBookEntry | undefined;
}) {
  const [network, address, identity] = useWatch({
    control: form.control,
    name: ['crypto_network', 'address', 'identity_id'],
  });
  const key = useDebouncedValue(`${network}\n${address.trim()}\n${identity.trim()}`, 400);
  const [n = '', a = '', i = ''] = key.split('\n');
  const entry = useQuery(addressEntryQuery(n, a, i)).data;
  if (!entry) return null;
  const name = entry.nickname ?? entry.address;
  if (loadedFrom?.key === entry.key && loadedFrom.version === entry.version) {
    return (
      <Notice tone="info" title={`Editing the saved address “${name}”`}>
        <p>Its saved details are loaded below; saving updates it.</p>
        {isOldFormatTravelRule(entry.upstream.travelrule_metadata) && (
          <p>
            <OldFormatBadge /> Its Travel Rule data was saved with the older field names, which the
            service does not take. It is shown below in the service&apos;s fields; check them (a
            country is needed with an address), and saving sends them.
          </p>
        )}
      </Notice>
    );
  }
  return (
    <Notice tone="warning" title={`Already saved as “${name}”`}>
      <p>Saving updates that address. Start from what is saved to change only what you mean to.</p>
      <Button
        size="small"
        onClick={() =>
          form.reset({
            ...formValuesFromAddress(entry.upstream, entry.crypto_network),
            crypto_network: network,
            address: address.trim(),
            identity_id: identity.trim(),
          })
        }
      >
        Load its saved details
      </Button>
    </Notice>
  );
}
