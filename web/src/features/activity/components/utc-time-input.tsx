import { isoToLocal } from '../lib/activity-url';

/** A bound of a time window, typed and shown in UTC (localToIso reads it back on submit). */
export function UtcTimeInput({
  name,
  label,
  value,
}: {
  name: string;
  label: string;
  value: string | undefined;
}) {
  return (
    <label>
      {label}
      <input name={name} type="datetime-local" defaultValue={isoToLocal(value)} />
    </label>
  );
}
