import type { UseQueryResult } from '@tanstack/react-query';
import { useController, type Control, type UseFormRegister } from 'react-hook-form';
import type { FeatureState } from '#contract/companion-features';
import type { ProfileBalancesResponse } from '#contract/profiles';
import { Combobox } from '#web/components/ui/combobox';
import { TextField } from '#web/components/ui/text-field';
import { formatDecimalForDisplay } from '#web/lib/decimal';
import type { ReviewedWithdrawal } from '../lib/withdrawal-form-model';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';

interface AssetFieldProps {
  /** The profiles feature: on, the asset is chosen from the profile's balances. */
  feature: FeatureState;
  /** The chosen profile's balances (not asked before a profile is chosen). */
  balances: UseQueryResult<ProfileBalancesResponse>;
  control: Control<WithdrawalFormValues, unknown, ReviewedWithdrawal>;
  register: UseFormRegister<WithdrawalFormValues>;
  error: string | undefined;
}

const ASSET_CODE = /^[A-Za-z0-9]{2,12}$/;

/** The asset: one of the profile's, "available" beside each, or typed when they cannot be read. */
export function AssetField({ feature, balances, control, register, error }: AssetFieldProps) {
  if (!feature.enabled)
    return (
      <TextField
        label="Asset"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="An asset code, such as BTC, ETH or USDG"
        {...register('asset')}
        error={error}
      />
    );
  return <AssetChooser balances={balances} control={control} error={error} />;
}

/** One input throughout (no field swapped under the focus): the list fills in once read. */
function AssetChooser({
  balances,
  control,
  error,
}: Pick<AssetFieldProps, 'balances' | 'control' | 'error'>) {
  const { field } = useController({ name: 'asset', control });
  const options = (balances.data?.items ?? []).map((b) => ({
    value: b.asset,
    label: b.asset,
    detail: `${formatDecimalForDisplay(b.available)} available`,
  }));
  const state = balances.isError
    ? 'The balances could not be read: type the asset code'
    : balances.isFetching
      ? 'Reading the profile’s balances…'
      : balances.isSuccess
        ? 'The profile’s assets, with what each has available'
        : 'Choose the profile first, or type an asset code';
  return (
    <Combobox
      ref={field.ref}
      label="Asset"
      required
      name={field.name}
      options={options}
      value={field.value}
      placeholder="BTC, ETH, USDG…"
      hint={state}
      emptyText={balances.isSuccess ? 'This profile holds no such asset' : state}
      acceptText={(text) => (ASSET_CODE.test(text) ? text.toUpperCase() : undefined)}
      error={error}
      onBlur={field.onBlur}
      onChange={field.onChange}
    />
  );
}
