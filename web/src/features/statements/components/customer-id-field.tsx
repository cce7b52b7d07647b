import { useId } from 'react';
import { TextField } from '#web/components/ui/text-field';

interface CustomerIdFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Customers whose statements loaded lately: offered as the operator types. */
  recentCustomers: readonly string[];
  error: string | undefined;
}

/** The customer id the statements belong to, with the recent ones as suggestions. */
export function CustomerIdField({ value, onChange, recentCustomers, error }: CustomerIdFieldProps) {
  const recentListId = `${useId()}-recent`;
  return (
    <div className="statements-filters__customer">
      <TextField
        label="Customer id"
        required
        mono
        value={value}
        onChange={(event) => onChange(event.target.value)}
        list={recentCustomers.length ? recentListId : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Paste or type a customer id"
        error={error}
        hint={recentCustomers.length ? 'Recent ones are offered as you type' : undefined}
      />
      {recentCustomers.length > 0 && (
        <datalist id={recentListId}>
          {recentCustomers.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
      )}
    </div>
  );
}
