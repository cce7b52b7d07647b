import type { Unreadable } from '#contract/tolerant-read';
import { WHOLE_RECORD } from '#contract/tolerant-read';

/** Names what the console could not read in a statement; the rest of it still shows. */
export function unreadableText(unreadable: Unreadable): string {
  if (unreadable.fields.includes(WHOLE_RECORD)) return 'This statement could not be read at all';
  return `Could not read: ${unreadable.fields.join(', ')}`;
}

/** In a row: the reason, and (for a statement without an id to open) its raw JSON in place. */
export function UnreadableRowNote({
  unreadable,
  withRaw,
}: {
  unreadable: Unreadable;
  withRaw: boolean;
}) {
  return (
    <span className="statement-unreadable" role="note">
      <strong>Incomplete.</strong> {unreadableText(unreadable)}
      {withRaw && (
        <details>
          <summary>As received (JSON)</summary>
          <pre>{JSON.stringify(unreadable.raw, null, 2)}</pre>
        </details>
      )}
    </span>
  );
}
