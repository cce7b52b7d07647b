import type { ReactNode } from 'react';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Notice } from '#web/components/ui/notice';
import type { AddressFormApi } from '../lib/address-form-values';
import { AddressDestinationCard } from './address-destination-card';
import { TravelRuleFields } from './travel-rule-fields';

interface AddressFormProps {
  form: AddressFormApi;
  allowTestnet: boolean;
  onReview: (body: PutCryptoDestinationAddressRequest) => void;
  cancelTo: string;
  /** Says whether this key is already saved (and offers to load it). */
  existingNotice?: ReactNode;
}

export function AddressForm({
  form,
  allowTestnet,
  onReview,
  cancelTo,
  existingNotice,
}: AddressFormProps) {
  const { handleSubmit, formState } = form;
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
      <AddressDestinationCard
        form={form}
        allowTestnet={allowTestnet}
        existingNotice={existingNotice}
      />
      <TravelRuleFields form={form} />
      <div className="row row--end">
        <ButtonLink to={cancelTo} variant="ghost">
          Cancel
        </ButtonLink>
        <Button type="submit" variant="primary">
          Review
        </Button>
      </div>
    </form>
  );
}
