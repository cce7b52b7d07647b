import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#web/components/ui/button';
import { QueryErrorState } from '#web/components/ui/error-state';
import { TextField } from '#web/components/ui/text-field';
import { passkeysOfQuery } from '#web/shared/passkeys/passkeys-api';
import { PasskeysTable } from './passkeys-table';

/**
 * Recovery, for a passkey admin: another operator's keys, found by e-mail or user id, each
 * revocable (audited). Nobody can add a key for someone else: the operator enrols a new one.
 */
export function OperatorPasskeys() {
  const [draft, setDraft] = useState('');
  const [operator, setOperator] = useState('');
  const query = useQuery(passkeysOfQuery(operator));
  return (
    <div className="stack">
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          setOperator(draft.trim());
        }}
      >
        <TextField
          label="Operator (e-mail or user id)"
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div>
          <Button type="submit" disabled={draft.trim() === ''}>
            Show their passkeys
          </Button>
        </div>
      </form>
      {operator !== '' &&
        (query.isError ? (
          <QueryErrorState query={query} />
        ) : query.data ? (
          <PasskeysTable
            passkeys={query.data.passkeys}
            caption={`Passkeys of ${operator}`}
            empty={`${operator} has no passkey.`}
          />
        ) : null)}
    </div>
  );
}
