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
import { HeldAddressResult } from './held-address-result';

/**
 * The memo (or tag) a saved address on a memo network is credited by, kept with its book entry
 * (the service's saved address has none): a withdrawal to this address gets it prefilled, and
 * with the allowlist on is sent only with it. The address and the memo together say who is
 * credited, so a change waits for an address approver when the policy holds address changes (the
 * memo stays as it was until then). Shown only on a network the registry gives a memo rule.
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
  const answer = mutation.data;
  const held = answer && 'approval' in answer ? answer.approval : undefined;
  const saved = answer && 'address' in answer ? answer.address : undefined;
  const kept = saved ? (saved.memo ?? '') : (entry.memo ?? '');
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
          hint={`${label} exchanges credit a deposit by its memo: the address and the memo together say who is credited. Kept in this console’s address book (the service keeps none) and filled in when this address is picked for a withdrawal; withdrawals to it must carry it when the allowlist is on. A change waits for an address approver when the policy holds address changes. Empty: no memo kept.`}
          error={error}
        />
        <div className="row">
          <Button type="submit" busy={mutation.isPending} disabled={memo.trim() === kept}>
            {memo.trim() === '' && kept !== '' ? 'Clear the memo' : 'Keep this memo'}
          </Button>
          {saved && (
            <span role="status" className="muted small">
              {kept === '' ? 'No memo is kept for this address.' : `Memo ${kept} kept.`}
            </span>
          )}
        </div>
      </form>
      {held && <HeldAddressResult approval={held} />}
    </Card>
  );
}
