import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { validateAddress } from '#contract/networks';
import { Card } from '#web/components/ui/card';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { SelectField } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
import { LookAlikeWarning } from '#web/shared/destinations/look-alike-warning';
import { fieldError, type AddressFormApi } from '../lib/address-form-values';
import { NETWORK_OPTIONS, networkLabel } from '../lib/network-label';
import { useDebouncedValue } from '../lib/use-debounced-value';

const IDENTITY_HINT = (
  <>
    Leave empty for a <strong>first-party</strong> address (your own platform&apos;s account). Fill
    it in <strong>third-party</strong> flows: the identity of the end customer who owns the address.
    The same address can be saved once per identity.
  </>
);

/**
 * The address's validity in words, as the operator types: the cause when wrong, the form when
 * right; and the whole valid address, for the look-alike check.
 */
function useAddressHint(
  form: AddressFormApi,
  allowTestnet: boolean,
): { hint: ReactNode; valid: string } {
  const [network, address] = useWatch({
    control: form.control,
    name: ['crypto_network', 'address'],
  });
  const trimmed = address.trim();
  if (network === '')
    return { hint: 'Choose the network first; the address is checked against it.', valid: '' };
  if (trimmed === '')
    return {
      hint: `Paste the ${networkLabel(network)} address; it is checked as you type.`,
      valid: '',
    };
  const result = validateAddress(network, trimmed, { allowTestnet });
  if (!result.valid) return { hint: undefined, valid: '' }; // the error under the field says why
  const hint = (
    <span className="address-valid">
      {/* The form may carry its own brackets ("no checksum (single case)"): a separator, not more. */}
      ✓ A valid {networkLabel(network)} address · {result.format}
      {result.testnet ? ' · testnet' : ''}
    </span>
  );
  return { hint, valid: trimmed };
}

/**
 * The destination's own fields. A look-alike of a known destination (the book, a held change, the
 * service's own saved addresses such as the Treasury wallet) is said here already, not first at
 * the review.
 */
export function AddressDestinationCard({
  form,
  allowTestnet,
  existingNotice,
}: {
  form: AddressFormApi;
  allowTestnet: boolean;
  existingNotice?: ReactNode;
}) {
  const { register, getValues, trigger } = form;
  const address = useAddressHint(form, allowTestnet);
  // Asked once the typing stops, and only for an address the network accepts.
  const lookAlikeOf = useDebouncedValue(address.valid, 400);
  return (
    <Card title="Destination">
      <div className="form-grid">
        <SelectField
          label="Network"
          required
          placeholder="Choose a network"
          options={NETWORK_OPTIONS}
          error={fieldError(form, 'crypto_network')}
          {...register('crypto_network', {
            // The address is checked against the network: re-check it when the network changes.
            onChange: () => {
              if (getValues('address').trim() !== '') void trigger('address');
            },
          })}
        />
        <TextField
          label="Address"
          required
          mono
          autoComplete="off"
          spellCheck={false}
          className="form-grid__wide"
          hint={address.hint}
          error={fieldError(form, 'address')}
          {...register('address')}
        />
        <TextField
          label="Identity id (optional)"
          mono
          autoComplete="off"
          spellCheck={false}
          className="form-grid__wide"
          hint={IDENTITY_HINT}
          error={fieldError(form, 'identity_id')}
          {...register('identity_id')}
        />
        <TextField
          label="Nickname"
          autoComplete="off"
          hint="Left empty on a new address, the service makes one up."
          error={fieldError(form, 'nickname')}
          {...register('nickname')}
        />
        <CheckboxField
          label="Bookmark this address"
          hint="Bookmarked addresses are listed first."
          error={fieldError(form, 'bookmarked')}
          {...register('bookmarked')}
        />
      </div>
      {lookAlikeOf !== '' && lookAlikeOf === address.valid && (
        <LookAlikeWarning address={lookAlikeOf} before="you save it" />
      )}
      {existingNotice}
    </Card>
  );
}
