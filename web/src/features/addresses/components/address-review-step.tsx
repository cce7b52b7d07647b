import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { addressEntryQuery } from '../api/address-api';
import { AddressReview } from './address-review';
import { LookAlikeConfirm, useLookAlikes } from './look-alike-confirm';

/**
 * The review before saving: what the save sends and changes, and whether it may go yet (a
 * look-alike of a saved address waits for the operator's confirmation; each review asks again).
 */
export function AddressReviewStep({
  body,
  saving,
  saveError,
  onBack,
  onSave,
}: {
  body: PutCryptoDestinationAddressRequest;
  saving: boolean;
  saveError: unknown;
  onBack: () => void;
  onSave: () => void;
}) {
  const [lookAlikeConfirmed, setLookAlikeConfirmed] = useState(false);
  const lookAlikes = useLookAlikes(body.address ?? '').matches;
  const existing = useQuery(
    addressEntryQuery(body.crypto_network ?? '', body.address ?? '', body.identity_id ?? ''),
  );

  return (
    <>
      {body.address !== undefined && (
        <LookAlikeConfirm
          address={body.address}
          confirmed={lookAlikeConfirmed}
          onConfirmedChange={setLookAlikeConfirmed}
        />
      )}
      <AddressReview
        body={body}
        saveBlocked={
          lookAlikes.length > 0 && !lookAlikeConfirmed
            ? 'Confirm above that you checked the look-alike address with the recipient.'
            : undefined
        }
        existing={existing}
        saving={saving}
        saveError={saveError}
        onBack={onBack}
        onSave={onSave}
      />
    </>
  );
}
