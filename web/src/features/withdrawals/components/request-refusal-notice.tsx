import type { ReactNode } from 'react';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { Notice } from '#web/components/ui/notice';
import { outcomeSentence } from '../lib/outcome-sentence';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { OutcomeActions } from './outcome-actions';

interface RequestRefusalNoticeProps {
  outcome: Extract<
    WithdrawalOutcome,
    { kind: 'insufficient-funds' | 'expired' | 'not-found' | 'invalid' }
  >;
  actions?: ReactNode;
}

/** Refusals of the request as written (funds, fee quote, an unknown id, fields): edit, then again. */
export function RequestRefusalNotice({ outcome, actions }: RequestRefusalNoticeProps) {
  switch (outcome.kind) {
    case 'insufficient-funds':
      return (
        <Notice tone="danger" role="alert" title="Insufficient funds">
          <dl className="detail-list outcome-figures">
            <dt>Available</dt>
            <dd>
              <DecimalText value={outcome.available} asset={outcome.asset} />
            </dd>
            <dt>Needed</dt>
            <dd>
              <DecimalText value={outcome.needed} asset={outcome.asset} />
            </dd>
          </dl>
          {outcome.detail && <p>{outcomeSentence(outcome.detail)}</p>}
          <p>Nothing was sent. Lower the amount, or fund the profile and review again.</p>
          <OutcomeActions actions={actions} />
        </Notice>
      );
    case 'expired':
      return (
        <Notice tone="danger" role="alert" title="Fee quote expired">
          <p>{outcome.detail ?? 'The fee quote (fee id) has expired.'}</p>
          {outcome.expiredAt && (
            <p>
              Expired at <DateTime value={outcome.expiredAt} />.
            </p>
          )}
          <p>
            {outcome.quoted
              ? 'Nothing was sent. Get a new quote under “Guaranteed fee” below, then submit again: the withdrawal keeps its ref_id.'
              : 'Nothing was sent. The fee id entered under “More fields” has expired: go back to edit, replace it with a current one or clear it, and review again.'}
          </p>
          <OutcomeActions actions={actions} />
        </Notice>
      );
    case 'not-found':
      return (
        <Notice tone="danger" role="alert" title="Not known to the service">
          <p>
            {outcomeSentence(
              outcome.detail ?? 'The service does not know an id this withdrawal names',
            )}{' '}
            Nothing was sent. Correct it in the form, then review again.
          </p>
          <OutcomeActions actions={actions} />
        </Notice>
      );
    case 'invalid':
      return (
        <Notice tone="danger" role="alert" title="Some fields need attention">
          <p>
            {outcomeSentence(outcome.detail ?? 'The server refused some fields')} Nothing was sent.
          </p>
          {outcome.fieldErrors.length > 0 && (
            <ul>
              {outcome.fieldErrors.map((e) => (
                <li key={`${e.path}:${e.message}`}>
                  <code>{e.path || 'request'}</code>: {e.message}
                </li>
              ))}
            </ul>
          )}
          <OutcomeActions actions={actions} />
        </Notice>
      );
  }
}
