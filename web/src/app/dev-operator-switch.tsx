import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { MeResponse } from '#contract/session';
import { devOperator, setDevOperator } from '../lib/dev-operator';

interface DevOperatorSwitchProps {
  operators: NonNullable<MeResponse['dev_operators']>;
  /** The subject /api/me answered for: the operator this tab acts as now. */
  current: string;
}

/**
 * AUTH_MODE=dev only (the BFF lists dev operators in no other mode): act as the second local
 * operator in this tab, to try a four-eyes approval on one machine. Every query is read again as
 * the chosen operator.
 */
export function DevOperatorSwitch({ operators, current }: DevOperatorSwitchProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const selected =
    operators.find((op) => op.subject === current)?.id ?? devOperator() ?? operators[0]?.id;
  return (
    <span className="dev-operator">
      <label htmlFor={id}>Acting as</label>{' '}
      <select
        id={id}
        className="dev-operator__select"
        value={selected}
        onChange={(event) => {
          const chosen = event.target.value;
          // The first listed is the default operator: no header needed for it.
          setDevOperator(chosen === operators[0]?.id ? undefined : chosen);
          void queryClient.resetQueries();
        }}
      >
        {operators.map((op) => (
          <option key={op.id} value={op.id}>
            {op.name}
          </option>
        ))}
      </select>
    </span>
  );
}
