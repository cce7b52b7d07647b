import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import type { PutAddressResult } from '../api/address-api';
import { HeldAddressResult } from './held-address-result';
import { SavedAddress } from './saved-address';

/** The last step: the address saved, or the request the four-eyes policy holds for approval. */
export function AddressSaveResult({
  result,
  body,
  returnTo,
  canWithdraw,
  onSaveAnother,
}: {
  result: PutAddressResult;
  body: PutCryptoDestinationAddressRequest;
  returnTo: string | undefined;
  canWithdraw: boolean;
  onSaveAnother: () => void;
}) {
  if (result.kind === 'held') {
    return (
      <HeldAddressResult
        approval={result.approval}
        actions={
          <>
            {/* The withdrawal that sent the operator here waits with its ref_id: it goes once
                the address is approved (and out of its cooling-off), and says so until then. */}
            {returnTo && (
              <ButtonLink to={returnTo} variant="primary">
                Back to the withdrawal
              </ButtonLink>
            )}
            <Button onClick={onSaveAnother}>Save another address</Button>
          </>
        }
      />
    );
  }
  return (
    <SavedAddress
      saved={result.address}
      network={body.crypto_network ?? ''}
      returnTo={returnTo}
      canWithdraw={canWithdraw}
      onSaveAnother={onSaveAnother}
    />
  );
}
