import type { ReactNode } from 'react';
import { Notice } from '#web/components/ui/notice';
import { outcomeSentence } from '../lib/outcome-sentence';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { OutcomeActions } from './outcome-actions';

/** What every outcome's notice takes: its outcome (of the kinds it says), and the buttons under it. */
export interface OutcomeNoticeProps<K extends WithdrawalOutcome['kind']> {
  outcome: Extract<WithdrawalOutcome, { kind: K }>;
  actions?: ReactNode;
}

interface RefusalNoticeProps {
  tone: 'warning' | 'danger';
  title: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}

/** A submit that did not go through: announced at once (role alert), why, then the way forward. */
export function RefusalNotice({ tone, title, actions, children }: RefusalNoticeProps) {
  return (
    <Notice tone={tone} role="alert" title={title}>
      {children}
      <OutcomeActions actions={actions} />
    </Notice>
  );
}

interface RefusalReasonProps {
  /** The server's own words, when it gave any. */
  detail: string | undefined;
  /** The console's words for the refusal when the server gave none. */
  fallback: string;
  /** What follows from it ("Nothing was sent. ..."). */
  children: ReactNode;
}

/** The reason as one sentence, the server's words first, then what follows from it. */
export function RefusalReason({ detail, fallback, children }: RefusalReasonProps) {
  return (
    <p>
      {outcomeSentence(detail ?? fallback)} {children}
    </p>
  );
}
