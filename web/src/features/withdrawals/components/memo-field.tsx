import { useQuery } from '@tanstack/react-query';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { isMemoNetwork } from '#contract/memo-required';
import { networkFacts } from '#contract/networks/registry';
import { TextField } from '#web/components/ui/text-field';
import { findBookEntry } from '#web/shared/destinations/find-book-entry';
import { addressBookQuery } from '../api/withdrawal-api';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';
import { MemoWarning } from './memo-warning';

interface MemoFieldProps {
  values: WithdrawalFormValues;
  register: UseFormRegister<WithdrawalFormValues>;
  errors: FieldErrors<WithdrawalFormValues>;
}

/**
 * The memo, and on a memo network (Stellar: the network registry says which) without one a
 * warning: firm when the destination is known to credit by memo (an exchange's deposit address, a
 * saved address hosted by a VASP), a question otherwise.
 */
export function MemoField({ values, register, errors }: MemoFieldProps) {
  const memoNetworkLabel = isMemoNetwork(values.crypto_network)
    ? networkFacts(values.crypto_network)?.label
    : undefined;
  const isMemoNetworkSelected = memoNetworkLabel !== undefined;
  // The address book is already loaded for the destination field (same query, no second call).
  const book = useQuery({ ...addressBookQuery(undefined), enabled: isMemoNetworkSelected });
  const entries = book.data?.addresses ?? [];
  const [network, destination] = [values.crypto_network, values.destination_address ?? ''];
  // The entry of this withdrawal's identity when the book has one (the gate's own choice).
  const savedHere =
    findBookEntry(entries, network, destination, values.identity_id, { exactIdentity: true }) ??
    findBookEntry(entries, network, destination);
  const bookMemo = savedHere?.memo ?? '';
  return (
    <>
      <TextField
        label="Memo"
        autoComplete="off"
        spellCheck={false}
        hint={
          savedHere?.memo !== undefined && values.memo === savedHere.memo
            ? 'The memo the address book keeps for this address'
            : isMemoNetworkSelected && savedHere && (values.memo ?? '') !== bookMemo
              ? `Not the address book’s ${bookMemo === '' ? 'entry (it keeps no memo for this address)' : `memo (“${bookMemo}”)`}: the address and its memo are one approved destination, so a withdrawal with another memo is refused where only approved destinations may receive`
              : isMemoNetworkSelected
                ? `${memoNetworkLabel} destinations (exchanges, custodians) usually need a memo to credit the right account`
                : 'Only when the destination asks for one'
        }
        {...register('memo')}
        error={errors.memo?.message}
      />
      {isMemoNetworkSelected && (values.memo ?? '') === '' && (
        <div className="form-grid__wide">
          <MemoWarning
            network={values.crypto_network}
            address={destination}
            memo={values.memo}
            hosting={savedHere?.upstream.travelrule_metadata}
            at="form"
          />
        </div>
      )}
    </>
  );
}
