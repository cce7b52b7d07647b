import type { ReactNode } from 'react';
import { Notice } from '#web/components/ui/notice';
import { OutcomeActions } from './outcome-actions';

interface NotSentNoticeProps {
  refId?: string | undefined;
  actions?: ReactNode;
}

/**
 * The console's server refused the submit because the session had ended (its 401): its identity
 * check runs before the withdrawal route, so nothing went to the withdrawal service and nothing was
 * recorded. Said plainly (never "outcome unknown"), with the same ref_id to submit again.
 */
export function NotSentNotice({ refId, actions }: NotSentNoticeProps) {
  return (
    <Notice tone="info" role="status" title="Not sent: your session had ended">
      <p>
        The console’s server refused this submit because your session had ended, before anything
        went to the withdrawal service: nothing was created and nothing was recorded. Now that you
        are signed in again, check the review and submit it. It keeps its ref_id
        {refId ? (
          <>
            {' '}
            (<code>{refId}</code>)
          </>
        ) : null}
        , so it can never be created twice.
      </p>
      <OutcomeActions actions={actions} />
    </Notice>
  );
}
