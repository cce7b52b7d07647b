import type { ReactNode } from 'react';
import { Notice } from '#web/components/ui/notice';
import { outcomeSentence } from '../lib/outcome-sentence';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { OutcomeActions } from './outcome-actions';
import { TransferCard } from './transfer-card';

interface RefIdRefusalNoticeProps {
  outcome: Extract<WithdrawalOutcome, { kind: 'conflict' | 'ref-id-reused' }>;
  actions?: ReactNode;
}

/** The ref_id already stands for something else: nothing new was sent; a new review, a new id. */
export function RefIdRefusalNotice({ outcome, actions }: RefIdRefusalNoticeProps) {
  if (outcome.kind === 'ref-id-reused')
    return (
      <Notice tone="danger" role="alert" title="ref_id used for a different request">
        <p>
          {outcomeSentence(outcome.detail ?? 'This ref_id was used before for a different request')}{' '}
          Nothing was sent. Review again: the withdrawal gets a new ref_id.
        </p>
        <OutcomeActions actions={actions} />
      </Notice>
    );
  return (
    <div className="stack">
      <Notice tone="danger" role="alert" title="This ref_id belongs to another withdrawal">
        <p>
          {outcomeSentence(
            outcome.detail ?? 'A different withdrawal was already created with this ref_id',
          )}{' '}
          Nothing new was sent. Review again to submit this one under a new ref_id, if it is still
          wanted.
        </p>
        <OutcomeActions actions={actions} />
      </Notice>
      {outcome.existing && (
        <TransferCard transfer={outcome.existing} title="The existing transfer" />
      )}
    </div>
  );
}
