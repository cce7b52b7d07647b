import { Link } from 'react-router';
import { ButtonLink } from '#web/components/ui/button-link';
import { Notice } from '#web/components/ui/notice';
import type { PasskeySigning } from '../lib/use-passkey-signing';

/**
 * What the policy's passkey rule means for this approver: how to enrol when they have no key (a
 * decision without one is refused), or which key will be asked to sign.
 */
export function PasskeyNotice({
  signing,
  requestId,
}: {
  signing: PasskeySigning;
  requestId: string;
}) {
  if (!signing.required || signing.keys === undefined) return null;
  if (signing.keys.length === 0)
    return (
      <Notice tone="warning" title="Enrol a passkey to decide">
        <p>
          The approval policy requires every approval and rejection to be signed with your own
          passkey, and you have none yet: Approve and Reject would be refused. Enrol one (a security
          key, or this device&apos;s screen lock); the Passkeys page brings you back here.
        </p>
        <ButtonLink
          variant="primary"
          to={`/passkeys?back=${encodeURIComponent(`/approvals/${requestId}`)}`}
        >
          Enrol a passkey
        </ButtonLink>
      </Notice>
    );
  const names = signing.keys.map((key) => key.name).join(', ');
  return (
    <p className="muted small">
      Approve and Reject ask your passkey ({names}) to sign exactly this decision.{' '}
      <Link to="/passkeys">Your passkeys</Link>
    </p>
  );
}
