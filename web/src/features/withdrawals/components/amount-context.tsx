import { UsdValueText } from '#web/shared/usd-value/usd-value-text';
import type { useOperatorContext } from '../lib/use-operator-context';
import type { WithdrawalFormValues } from '../lib/withdrawal-form-model';
import { AvailableBalance } from './available-balance';
import { WithdrawalLimitNote } from './withdrawal-limit-note';

interface AmountContextProps {
  values: WithdrawalFormValues;
  context: ReturnType<typeof useOperatorContext>;
  onMax: (available: string) => void;
}

/** Beside the amount: what is available (with Max), its USD value, and the limits left. */
export function AmountContext({ values, context, onMax }: AmountContextProps) {
  const asset = (values.asset ?? '').trim().toUpperCase();
  const quantity = (values.amount_value ?? '').trim();
  const { balance } = context;
  // Nothing to say before the asset is known (no empty row in the form's grid).
  if (asset === '') return null;
  return (
    <div className="form-grid__wide stack stack--tight amount-context">
      <AvailableBalance
        balances={context.balances}
        balance={balance}
        asset={asset}
        onMax={balance ? () => onMax(balance.available) : undefined}
      />
      {quantity !== '' && (
        <p className="small">
          <span className="muted">USD value: </span>
          <UsdValueText asset={asset} quantity={quantity} />
        </p>
      )}
      <WithdrawalLimitNote limits={context.limits} asset={asset} quantity={quantity} />
    </div>
  );
}
