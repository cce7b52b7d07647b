import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { ApprovalPolicy } from '#contract/approvals';
import { CRYPTO_NETWORKS, CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { Button } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { RadioGroup } from '#web/components/ui/radio-group';
import { SelectField } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
import { memoProbablyRequired } from '#contract/memo-required';
import { toNestedErrors } from '#web/lib/nested-form-errors';
import { addressBookQuery } from '../api/withdrawal-api';
import { isSameAddress } from '#contract/networks';
import { validateWithdrawalForm } from '../lib/withdrawal-form-validation';
import {
  EMPTY_WITHDRAWAL_FORM,
  formPathForRequestPath,
  type WithdrawalFormValues,
} from '../lib/withdrawal-form-values';
import { ApprovalRequirementNote } from './approval-requirement-note';
import { DestinationField } from './destination-field';
import { MetadataFields } from './metadata-fields';

export interface WithdrawalFormProps {
  initialValues: WithdrawalFormValues;
  allowTestnet: boolean;
  /** Field errors the BFF returned for the last submit, shown inline. */
  serverErrors?: readonly { path: string; message: string }[];
  /** Every change, so the draft survives a reload or a detour to the address editor. */
  onValuesChange: (values: WithdrawalFormValues) => void;
  onReview: (values: WithdrawalFormValues, body: CreateCryptoWithdrawalRequest) => void;
  returnTo: string;
  /** The four-eyes policy in force: the form says which withdrawals wait for approval. */
  approvalPolicy?: ApprovalPolicy;
}

const NETWORK_OPTIONS = CRYPTO_NETWORKS.map((n) => ({ value: n, label: CRYPTO_NETWORK_LABELS[n] }));

const MORE_FIELDS = ['fee_id', 'identity_id', 'account_id', 'balance_asset'] as const;

export function WithdrawalForm({
  initialValues,
  allowTestnet,
  serverErrors,
  onValuesChange,
  onReview,
  returnTo,
  approvalPolicy,
}: WithdrawalFormProps) {
  // The contract's own request schema decides (see withdrawal-form-validation.ts): the form
  // cannot accept what the BFF would refuse.
  const resolver: Resolver<WithdrawalFormValues> = (values) => {
    const result = validateWithdrawalForm(values, { allowTestnet });
    return result.ok
      ? { values, errors: {} }
      : { values: {}, errors: toNestedErrors<WithdrawalFormValues>(result.errors) };
  };
  const form = useForm<WithdrawalFormValues>({
    defaultValues: initialValues,
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { register, control, handleSubmit, setValue, setError, reset, formState } = form;
  const errors = formState.errors;
  const values = useWatch({ control }) as WithdrawalFormValues;

  const changeRef = useRef(onValuesChange);
  changeRef.current = onValuesChange;
  useEffect(() => {
    const subscription = form.watch(() => changeRef.current(form.getValues()));
    return () => subscription.unsubscribe();
  }, [form]);

  useEffect(() => {
    for (const error of serverErrors ?? []) {
      setError(formPathForRequestPath(error.path) as keyof WithdrawalFormValues, {
        type: 'server',
        message: error.message,
      });
    }
  }, [serverErrors, setError]);

  const moreHasContent =
    MORE_FIELDS.some((key) => (values[key] ?? '') !== '') || (values.metadata?.length ?? 0) > 0;
  const moreHasError = MORE_FIELDS.some((key) => errors[key]) || !!errors.metadata;
  const isStellar = values.crypto_network === 'STELLAR';
  // The address book is already loaded for the destination field (same query, no second call).
  const book = useQuery({ ...addressBookQuery(undefined), enabled: isStellar });
  const destination = (values.destination_address ?? '').trim();
  const savedHere = book.data?.addresses.find(
    (entry) =>
      entry.crypto_network === values.crypto_network &&
      isSameAddress(values.crypto_network, entry.address, destination),
  );
  const memoReason = isStellar
    ? memoProbablyRequired(
        values.crypto_network,
        destination,
        savedHere?.upstream.travelrule_metadata,
      )
    : undefined;
  const amountLabel = values.amount_mode === 'total' ? 'Total to debit' : 'Amount to send';

  return (
    <form
      noValidate
      aria-label="New withdrawal"
      onSubmit={handleSubmit((valid) => {
        const result = validateWithdrawalForm(valid, { allowTestnet });
        if (result.ok) onReview(valid, result.body);
      })}
      className="stack"
    >
      <div className="form-grid">
        <TextField
          label="Profile id"
          className="field--span-2"
          required
          mono
          autoComplete="off"
          spellCheck={false}
          hint="The profile the funds leave from"
          {...register('profile_id')}
          error={errors.profile_id?.message}
        />
        <TextField
          label="Asset"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="An asset code, such as BTC, ETH or USDG"
          {...register('asset')}
          error={errors.asset?.message}
        />
        <SelectField
          label="Network"
          required
          options={NETWORK_OPTIONS}
          placeholder="Choose the network"
          {...register('crypto_network')}
          error={errors.crypto_network?.message}
        />
        <DestinationField
          network={values.crypto_network ?? ''}
          address={values.destination_address ?? ''}
          identityId={values.identity_id ?? ''}
          allowTestnet={allowTestnet}
          error={errors.destination_address?.message}
          input={register('destination_address')}
          returnTo={returnTo}
          onPick={(entry) => {
            setValue('destination_address', entry.address, {
              shouldDirty: true,
              shouldValidate: true,
            });
            setValue('identity_id', entry.identity_id ?? '', { shouldDirty: true });
          }}
        />
        <RadioGroup
          legend="How much"
          className="form-grid__wide"
          options={[
            {
              value: 'amount',
              label: 'Send exactly',
              hint: 'the destination receives this amount; the network fee comes on top',
            },
            {
              value: 'total',
              label: 'Debit exactly',
              hint: 'the profile is debited this total; the fee is taken out of it',
            },
          ]}
          {...register('amount_mode')}
        />
        <TextField
          label={amountLabel}
          required
          mono
          inputMode="decimal"
          autoComplete="off"
          hint={
            values.asset
              ? `In ${values.asset.toUpperCase()}, as a plain decimal such as 0.25`
              : 'A plain decimal such as 0.25'
          }
          {...register('amount_value')}
          error={errors.amount_value?.message}
        />
        <div className="form-grid__wide">
          <ApprovalRequirementNote
            policy={approvalPolicy}
            asset={(values.asset ?? '').trim().toUpperCase()}
            {...(values.amount_mode === 'total'
              ? { total: (values.amount_value ?? '').trim() }
              : { amount: (values.amount_value ?? '').trim() })}
          />
        </div>
        <TextField
          label="Memo"
          autoComplete="off"
          spellCheck={false}
          hint={
            isStellar
              ? 'Stellar destinations (exchanges, custodians) usually need a memo to credit the right account'
              : 'Only when the destination asks for one'
          }
          {...register('memo')}
          error={errors.memo?.message}
        />
        {isStellar && (values.memo ?? '') === '' && memoReason !== undefined && (
          <div className="form-grid__wide">
            <Notice tone="warning" role="alert" title="A memo is probably needed">
              {memoReason === 'known-exchange'
                ? 'This is a known exchange deposit address: it is shared by many customers and credits the right one by the memo.'
                : 'This saved address is hosted by an exchange or custodian (its Travel Rule data names a VASP), which credits the right account by the memo.'}{' '}
              Without it the funds may arrive and not be credited. Ask the recipient for their memo.
            </Notice>
          </div>
        )}
        {isStellar && (values.memo ?? '') === '' && memoReason === undefined && (
          <div className="form-grid__wide">
            <Notice tone="warning" title="Memo for Stellar">
              Does the recipient need a memo? Without the one they expect, an exchange may not
              credit the funds. Ask them before you continue.
            </Notice>
          </div>
        )}
      </div>

      <details className="more" open={moreHasContent || moreHasError || undefined}>
        <summary>More: fee quote, identity, account, balance asset, metadata</summary>
        <div className="form-grid">
          <TextField
            label="Fee id"
            mono
            autoComplete="off"
            hint="A fee quote to honour; it expires"
            {...register('fee_id')}
            error={errors.fee_id?.message}
          />
          <TextField
            label="Identity id"
            mono
            autoComplete="off"
            hint="Third-party flows: the end user making the withdrawal"
            {...register('identity_id')}
            error={errors.identity_id?.message}
          />
          <TextField
            label="Account id"
            mono
            autoComplete="off"
            {...register('account_id')}
            error={errors.account_id?.message}
          />
          <TextField
            label="Balance asset"
            autoComplete="off"
            autoCapitalize="characters"
            hint="The balance to debit, when it differs from the asset"
            {...register('balance_asset')}
            error={errors.balance_asset?.message}
          />
          <MetadataFields control={control} register={register} errors={errors} />
        </div>
      </details>

      <Notice tone="info">
        Travel Rule data (who the beneficiary is) belongs on the saved destination address, not on
        the withdrawal: save it in the address book and it travels with every withdrawal to that
        address.
      </Notice>

      <div className="row">
        <Button type="submit" variant="primary">
          Review withdrawal
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            reset(EMPTY_WITHDRAWAL_FORM);
            changeRef.current(EMPTY_WITHDRAWAL_FORM);
          }}
        >
          Clear form
        </Button>
      </div>
    </form>
  );
}
