import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { outcomeSentence } from '../lib/outcome-sentence';
import { RefusalNotice, RefusalReason, type OutcomeNoticeProps } from './refusal-notice';

type RequestRefusalNoticeProps = OutcomeNoticeProps<
  'insufficient-funds' | 'expired' | 'not-found' | 'invalid'
>;

/** Refusals of the request as written (funds, fee quote, an unknown id, fields): edit, then again. */
export function RequestRefusalNotice({ outcome, actions }: RequestRefusalNoticeProps) {
  switch (outcome.kind) {
    case 'insufficient-funds':
      return (
        <RefusalNotice tone="danger" title="Insufficient funds" actions={actions}>
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
        </RefusalNotice>
      );
    case 'expired':
      return (
        <RefusalNotice tone="danger" title="Fee quote expired" actions={actions}>
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
        </RefusalNotice>
      );
    case 'not-found':
      return (
        <RefusalNotice tone="danger" title="Not known to the service" actions={actions}>
          <RefusalReason
            detail={outcome.detail}
            fallback="The service does not know an id this withdrawal names"
          >
            Nothing was sent. Correct it in the form, then review again.
          </RefusalReason>
        </RefusalNotice>
      );
    case 'invalid':
      return (
        <RefusalNotice tone="danger" title="Some fields need attention" actions={actions}>
          <RefusalReason detail={outcome.detail} fallback="The server refused some fields">
            Nothing was sent.
          </RefusalReason>
          {outcome.fieldErrors.length > 0 && (
            <ul>
              {outcome.fieldErrors.map((e) => (
                <li key={`${e.path}:${e.message}`}>
                  <code>{e.path || 'request'}</code>: {e.message}
                </li>
              ))}
            </ul>
          )}
        </RefusalNotice>
      );
  }
}
