import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { validateAddress } from '#contract/networks';
import { Button, buttonClassName } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { Notice } from '#web/components/ui/notice';
import { SelectField } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
import { fieldError, type AddressFormApi } from '../lib/address-form-values';
import { NETWORK_OPTIONS, networkLabel } from '../lib/network-label';
import { TravelRuleFields } from './travel-rule-fields';

interface AddressFormProps {
  form: AddressFormApi;
  allowTestnet: boolean;
  onReview: (body: PutCryptoDestinationAddressRequest) => void;
  cancelTo: string;
  /** Says whether this key is already saved (and offers to load it). */
  existingNotice?: ReactNode;
}

const IDENTITY_HINT = (
  <>
    Leave empty for a <strong>first-party</strong> address (your own platform&apos;s account). Fill
    it in <strong>third-party</strong> flows: the identity of the end customer who owns the address.
    The same address can be saved once per identity.
  </>
);

/** The address's validity in words, as the operator types: the cause when wrong, the form when right. */
function useAddressHint(form: AddressFormApi, allowTestnet: boolean): ReactNode {
  const [network, address] = useWatch({
    control: form.control,
    name: ['crypto_network', 'address'],
  });
  const trimmed = address.trim();
  if (network === '') return 'Choose the network first; the address is checked against it.';
  if (trimmed === '')
    return `Paste the ${networkLabel(network)} address; it is checked as you type.`;
  const result = validateAddress(network, trimmed, { allowTestnet });
  if (!result.valid) return undefined; // the error under the field says why
  return (
    <span className="address-valid">
      {/* The form may carry its own brackets ("no checksum (single case)"): a separator, not more. */}
      ✓ A valid {networkLabel(network)} address · {result.format}
      {result.testnet ? ' · testnet' : ''}
    </span>
  );
}

export function AddressForm({
  form,
  allowTestnet,
  onReview,
  cancelTo,
  existingNotice,
}: AddressFormProps) {
  const { register, handleSubmit, formState, getValues, trigger } = form;
  const addressHint = useAddressHint(form, allowTestnet);
  const rootError = formState.errors.root?.server?.message ?? formState.errors.root?.message;

  return (
    <form
      className="stack"
      noValidate
      onSubmit={handleSubmit(onReview)}
      aria-label="Address details"
    >
      {rootError && (
        <Notice tone="danger" role="alert" title="The address was not saved">
          {rootError}
        </Notice>
      )}
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
            hint={addressHint}
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
        {existingNotice}
      </Card>
      <TravelRuleFields form={form} />
      <div className="row row--end">
        <Link className={buttonClassName('ghost')} to={cancelTo}>
          Cancel
        </Link>
        <Button type="submit" variant="primary">
          Review
        </Button>
      </div>
    </form>
  );
}
