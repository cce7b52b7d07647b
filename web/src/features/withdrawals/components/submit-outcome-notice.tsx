import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { addressEditorUrl } from '../lib/withdrawal-links';
import type { WithdrawalOutcome } from '../lib/withdrawal-outcome';
import { WithdrawalOutcomePanel } from './withdrawal-outcome-panel';

interface SubmitOutcomeNoticeProps {
  outcome: WithdrawalOutcome;
  refId: string | undefined;
  /** The body under review (the address editor opens on its destination). */
  reviewBody: CreateCryptoWithdrawalRequest | undefined;
  sending: boolean;
  onCheckAgain: () => void;
  /** Where the address editor comes back to. */
  returnTo: string;
  focusRef: RefObject<HTMLDivElement | null>;
}

/**
 * An outcome that leaves the intent open, above the step it sends the operator back to, with the
 * action only this outcome has: check an unknown outcome again (same ref_id), or add the Travel
 * Rule data the service asked for. An expired quote has no action here: the fee panel below shows
 * it expired and renews it.
 */
export function SubmitOutcomeNotice({
  outcome,
  refId,
  reviewBody,
  sending,
  onCheckAgain,
  returnTo,
  focusRef,
}: SubmitOutcomeNoticeProps) {
  const navigate = useNavigate();
  const actions =
    outcome.kind === 'unknown' ? (
      <>
        <Button variant="primary" onClick={onCheckAgain} busy={sending}>
          Check again
        </Button>
        {refId && (
          <ButtonLink variant="secondary" to={`/withdrawals/${encodeURIComponent(refId)}`}>
            Look it up in the ledger
          </ButtonLink>
        )}
      </>
    ) : outcome.kind === 'travel-rule-required' && reviewBody ? (
      <Button
        variant="primary"
        onClick={() =>
          navigate(
            addressEditorUrl({
              cryptoNetwork: reviewBody.crypto_network,
              address: reviewBody.destination_address,
              identityId: reviewBody.identity_id,
              returnTo,
            }),
          )
        }
      >
        Add Travel Rule data to this address
      </Button>
    ) : undefined;
  return (
    <div ref={focusRef} tabIndex={-1} className="outcome-focus">
      <WithdrawalOutcomePanel outcome={outcome} refId={refId} actions={actions} />
    </div>
  );
}
