import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AddressBookEntry } from '#contract/address-book';
import { isMemoNetwork } from '#contract/memo-required';
import { networkFacts } from '#contract/networks/registry';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { TextField } from '#web/components/ui/text-field';
import { addressKeys } from '../api/address-api';
import { setAddressMemo } from '../api/address-memo-api';

/**
 * The memo (or tag) a saved address on a memo network is credited by, kept with its book entry
 * (the service's saved address has none): a withdrawal to this address gets it prefilled. Shown
 * only on a network the registry gives a memo rule.
 */
export function AddressMemoCard({ entry }: { entry: AddressBookEntry }) {
  const queryClient = useQueryClient();
  const [memo, setMemo] = useState(entry.memo ?? '');
  const mutation = useMutation({
    mutationFn: () => setAddressMemo(entry.key, memo),
    // The book's list, this entry and the withdrawal form's picker read it again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
  if (!isMemoNetwork(entry.crypto_network)) return null;
  const label = networkFacts(entry.crypto_network)?.label ?? entry.crypto_network;
  const kept = mutation.data?.memo ?? entry.memo ?? '';
  const error = mutation.error?.message;
  return (
    <Card title="Memo for withdrawals" headingLevel={2} aria-label="Memo for withdrawals">
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate();
        }}
      >
        <TextField
          label="Memo"
          autoComplete="off"
          spellCheck={false}
          value={memo}
          onChange={(event) => setMemo(event.target.value)}
          hint={`${label} exchanges credit a deposit by its memo. Kept in this console’s address book (the service keeps none) and filled in when this address is picked for a withdrawal; the review shows it before anything is sent. Empty: no memo kept.`}
          error={error}
        />
        <div className="row">
          <Button type="submit" busy={mutation.isPending} disabled={memo.trim() === kept}>
            {memo.trim() === '' && kept !== '' ? 'Clear the memo' : 'Keep this memo'}
          </Button>
          {mutation.isSuccess && (
            <span role="status" className="muted small">
              {kept === '' ? 'No memo is kept for this address.' : `Memo ${kept} kept.`}
            </span>
          )}
        </div>
      </form>
    </Card>
  );
}
