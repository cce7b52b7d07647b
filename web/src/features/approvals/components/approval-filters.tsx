import { useState, type FormEvent } from 'react';
import { APPROVAL_STATUSES, type ApprovalKind } from '#contract/approvals';
import { APPROVAL_STATUS_TONES } from '#web/shared/approvals/approval-status-badge';
import { FilterBarActions } from '#web/components/ui/filter-bar-actions';
import { SelectField } from '#web/components/ui/select-field';
import { TextField } from '#web/components/ui/text-field';
import type { ApprovalFilters } from '#web/shared/approvals/approvals-api';
import { AGE_OPTIONS } from '../lib/approvals-url-state';

interface ApprovalFiltersFormProps {
  filters: ApprovalFilters;
  onApply: (filters: ApprovalFilters) => void;
}

/** Kind, status, age and initiator: applied together (a cursor belongs to its filters). */
export function ApprovalFiltersForm({ filters, onApply }: ApprovalFiltersFormProps) {
  const [draft, setDraft] = useState<ApprovalFilters>(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      className="card card__body filter-bar"
      aria-label="Filter approval requests"
      onSubmit={submit}
    >
      <div className="form-grid">
        <SelectField
          label="Kind"
          placeholder="Any kind"
          options={[
            { value: 'withdrawal', label: 'Withdrawals' },
            { value: 'address', label: 'Addresses' },
            { value: 'withdrawal_batch', label: 'Withdrawal batches' },
          ]}
          value={draft.kind ?? ''}
          onChange={(e) =>
            setDraft({ ...draft, kind: (e.target.value || undefined) as ApprovalKind | undefined })
          }
        />
        <SelectField
          label="Status"
          placeholder="Any status"
          options={APPROVAL_STATUSES.map((s) => ({
            value: s,
            label: APPROVAL_STATUS_TONES[s].label,
          }))}
          value={draft.status ?? ''}
          onChange={(e) =>
            setDraft({
              ...draft,
              status: (e.target.value || undefined) as ApprovalFilters['status'],
            })
          }
        />
        <SelectField
          label="Age"
          placeholder="Any age"
          options={[...AGE_OPTIONS]}
          value={draft.older_than_minutes === undefined ? '' : String(draft.older_than_minutes)}
          onChange={(e) =>
            setDraft({
              ...draft,
              older_than_minutes: e.target.value ? Number(e.target.value) : undefined,
            })
          }
        />
        <TextField
          label="Initiator"
          hint="Their name or subject"
          value={draft.initiator ?? ''}
          onChange={(e) => setDraft({ ...draft, initiator: e.target.value || undefined })}
        />
      </div>
      <FilterBarActions onClear={() => onApply({})} />
    </form>
  );
}
