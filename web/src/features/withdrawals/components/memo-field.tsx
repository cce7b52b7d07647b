import { useQuery } from '@tanstack/react-query';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { isMemoNetwork, memoProbablyRequired } from '#contract/memo-required';
import { isSameAddress } from '#contract/networks';
import { networkFacts } from '#contract/networks/registry';
import { Notice } from '#web/components/ui/notice';
import { TextField } from '#web/components/ui/text-field';
import { addressBookQuery } from '../api/withdrawal-api';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-values';

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
  const destination = (values.destination_address ?? '').trim();
  const savedHere = book.data?.addresses.find(
    (entry) =>
      entry.crypto_network === values.crypto_network &&
      isSameAddress(values.crypto_network, entry.address, destination),
  );
  const memoReason = isMemoNetworkSelected
    ? memoProbablyRequired(
        values.crypto_network,
        destination,
        savedHere?.upstream.travelrule_metadata,
      )
    : undefined;
  return (
    <>
      <TextField
        label="Memo"
        autoComplete="off"
        spellCheck={false}
        hint={
          isMemoNetworkSelected
            ? `${memoNetworkLabel} destinations (exchanges, custodians) usually need a memo to credit the right account`
            : 'Only when the destination asks for one'
        }
        {...register('memo')}
        error={errors.memo?.message}
      />
      {isMemoNetworkSelected && (values.memo ?? '') === '' && memoReason !== undefined && (
        <div className="form-grid__wide">
          <Notice tone="warning" role="alert" title="A memo is probably needed">
            {memoReason === 'known-exchange'
              ? 'This is a known exchange deposit address: it is shared by many customers and credits the right one by the memo.'
              : 'This saved address is hosted by an exchange or custodian (its Travel Rule data names a VASP), which credits the right account by the memo.'}{' '}
            Without it the funds may arrive and not be credited. Ask the recipient for their memo.
          </Notice>
        </div>
      )}
      {isMemoNetworkSelected && (values.memo ?? '') === '' && memoReason === undefined && (
        <div className="form-grid__wide">
          <Notice tone="warning" title={`Memo for ${memoNetworkLabel}`}>
            Does the recipient need a memo? Without the one they expect, an exchange may not credit
            the funds. Ask them before you continue.
          </Notice>
        </div>
      )}
    </>
  );
}
