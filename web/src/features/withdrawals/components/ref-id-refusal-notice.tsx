import { RefusalNotice, RefusalReason, type OutcomeNoticeProps } from './refusal-notice';
import { TransferCard } from './transfer-card';

type RefIdRefusalNoticeProps = OutcomeNoticeProps<'conflict' | 'ref-id-reused'>;

/** The ref_id already stands for something else: nothing new was sent; a new review, a new id. */
export function RefIdRefusalNotice({ outcome, actions }: RefIdRefusalNoticeProps) {
  if (outcome.kind === 'ref-id-reused')
    return (
      <RefusalNotice tone="danger" title="ref_id used for a different request" actions={actions}>
        <RefusalReason
          detail={outcome.detail}
          fallback="This ref_id was used before for a different request"
        >
          Nothing was sent. Review again: the withdrawal gets a new ref_id.
        </RefusalReason>
      </RefusalNotice>
    );
  return (
    <div className="stack">
      <RefusalNotice
        tone="danger"
        title="This ref_id belongs to another withdrawal"
        actions={actions}
      >
        <RefusalReason
          detail={outcome.detail}
          fallback="A different withdrawal was already created with this ref_id"
        >
          Nothing new was sent. Review again to submit this one under a new ref_id, if it is still
          wanted.
        </RefusalReason>
      </RefusalNotice>
      {outcome.existing && (
        <TransferCard transfer={outcome.existing} title="The existing transfer" />
      )}
    </div>
  );
}
