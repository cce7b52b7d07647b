import type { ApprovalPolicy } from '#contract/approvals';
import { CRYPTO_NETWORKS, CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import { isMemoNetwork } from '#contract/memo-required';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { Button } from '#web/components/ui/button';
import { Notice } from '#web/components/ui/notice';
import { SelectField } from '#web/components/ui/select-field';
import type { UseFormSetValue } from 'react-hook-form';
import type { DestinationListItem } from '#contract/destinations';
import { useMe } from '#web/lib/session';
import { useWithdrawalForm } from '../lib/use-withdrawal-form';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';
import { AmountContext } from './amount-context';
import { AmountFields } from './amount-fields';
import { AssetField } from './asset-field';
import { HoldsNoneNotice } from './available-balance';
import { DestinationField } from './destination-field';
import { MemoField } from './memo-field';
import { MoreWithdrawalFields } from './more-withdrawal-fields';
import { ProfileField } from './profile-field';

interface WithdrawalFormProps {
  initialValues: WithdrawalFormValues;
  allowTestnet: boolean;
  /** Field errors the BFF returned for the last submit, shown inline. */
  serverErrors?: readonly { path: string; message: string }[] | undefined;
  /** Every change, so the draft survives a reload or a detour to the address editor. */
  onValuesChange: (values: WithdrawalFormValues) => void;
  /** A valid submit: the values as typed and the body the schema parsed them into (once). */
  onReview: (values: WithdrawalFormValues, body: CreateCryptoWithdrawalRequest) => void;
  returnTo: string;
  /** The four-eyes policy in force: the form says which withdrawals wait for approval. */
  approvalPolicy?: ApprovalPolicy | undefined;
}

const NETWORK_OPTIONS = CRYPTO_NETWORKS.map((n) => ({ value: n, label: CRYPTO_NETWORK_LABELS[n] }));

export function WithdrawalForm({
  initialValues,
  allowTestnet,
  serverErrors,
  onValuesChange,
  onReview,
  returnTo,
  approvalPolicy,
}: WithdrawalFormProps) {
  const features = useMe().features;
  const { form, values, clear, operatorContext } = useWithdrawalForm({
    initialValues,
    allowTestnet,
    serverErrors,
    onValuesChange,
  });
  const { register, control, handleSubmit, setValue, formState } = form;
  const errors = formState.errors;

  return (
    <form
      noValidate
      aria-label="New withdrawal"
      onSubmit={handleSubmit((reviewed) => onReview(reviewed.values, reviewed.body))}
      className="stack"
    >
      <div className="form-grid">
        <ProfileField
          feature={features.profiles}
          control={control}
          register={register}
          error={errors.profile_id?.message}
        />
        <AssetField
          feature={features.profiles}
          balances={operatorContext.balances}
          control={control}
          register={register}
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
          onPick={(entry) => pickDestination(setValue, entry)}
        />
        <AmountFields
          values={values}
          register={register}
          errors={errors}
          approvalPolicy={approvalPolicy}
          available={operatorContext.balance?.available}
        />
        <AmountContext
          values={values}
          context={operatorContext}
          onMax={(available) => {
            // Max debits exactly what is available: a total, the fee taken out of it.
            setValue('amount_mode', 'total', { shouldDirty: true });
            setValue('amount_value', available, { shouldDirty: true, shouldValidate: true });
          }}
        />
        <MemoField values={values} register={register} errors={errors} />
      </div>

      <MoreWithdrawalFields values={values} control={control} register={register} errors={errors} />

      <Notice tone="info">
        Travel Rule data (who the beneficiary is) belongs on the saved destination address, not on
        the withdrawal: save it in the address book and it travels with every withdrawal to that
        address.
      </Notice>

      {operatorContext.holdsNone && (
        <HoldsNoneNotice asset={(values.asset ?? '').trim().toUpperCase()} at="form" />
      )}
      <div className="row">
        {!operatorContext.holdsNone && (
          <Button type="submit" variant="primary">
            Review withdrawal
          </Button>
        )}
        <Button variant="ghost" onClick={clear}>
          Clear form
        </Button>
      </div>
    </form>
  );
}

/**
 * A picked destination fills the address, its identity and, on a memo network, the memo the book
 * keeps with it, or none: the address and its memo are one approved destination, which the gate
 * sends only with that memo (a memo typed for another address is not carried over).
 */
function pickDestination(
  setValue: UseFormSetValue<WithdrawalFormValues>,
  entry: DestinationListItem,
): void {
  setValue('destination_address', entry.address, { shouldDirty: true, shouldValidate: true });
  setValue('identity_id', entry.identity_id ?? '', { shouldDirty: true });
  if (isMemoNetwork(entry.crypto_network))
    setValue('memo', entry.memo ?? '', { shouldDirty: true, shouldValidate: true });
}
