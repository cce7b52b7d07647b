import type { ReactNode } from 'react';
import { HeldForApprovalNotice } from '#web/shared/approvals/held-for-approval-notice';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { ComplianceRefusalNotice } from './compliance-refusal-notice';
import { CreatedOutcomeResult } from './created-outcome';
import { NotSentNotice } from './not-sent-notice';
import { RefIdRefusalNotice } from './ref-id-refusal-notice';
import { RequestRefusalNotice } from './request-refusal-notice';
import { ServiceErrorNotice } from './service-error-notice';
import { UnknownOutcomeNotice } from './unknown-outcome-notice';

interface WithdrawalOutcomePanelProps {
  outcome: WithdrawalOutcome;
  refId?: string | undefined;
  /** The buttons for this outcome (check again, edit, open the address editor...). */
  actions?: ReactNode;
}

/** Says what happened to the submit, in the operator's words. Never says "failed" when unsure. */
export function WithdrawalOutcomePanel({ outcome, refId, actions }: WithdrawalOutcomePanelProps) {
  switch (outcome.kind) {
    case 'created':
      return <CreatedOutcomeResult outcome={outcome} actions={actions} />;
    case 'unknown':
      return <UnknownOutcomeNotice outcome={outcome} refId={refId} actions={actions} />;
    case 'not-sent':
      return <NotSentNotice refId={refId} actions={actions} />;
    case 'awaiting_approval':
      return (
        <HeldForApprovalNotice approval={outcome.approval} subject="withdrawal" actions={actions} />
      );
    case 'insufficient-funds':
    case 'expired':
    case 'not-found':
    case 'invalid':
      return <RequestRefusalNotice outcome={outcome} actions={actions} />;
    case 'travel-rule-required':
    case 'identity-verification':
    case 'destination-not-approved':
    case 'rejected':
      return <ComplianceRefusalNotice outcome={outcome} actions={actions} />;
    case 'conflict':
    case 'ref-id-reused':
      return <RefIdRefusalNotice outcome={outcome} actions={actions} />;
    case 'error':
      return <ServiceErrorNotice outcome={outcome} actions={actions} />;
  }
}
