import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Card } from '#web/components/ui/card';
import { QueryErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { useMe } from '#web/lib/session';
import { myPasskeysQuery } from '#web/shared/passkeys/passkeys-api';
import { EnrolPasskeyForm } from '../components/enrol-passkey-form';
import { OperatorPasskeys } from '../components/operator-passkeys';
import { PasskeysTable } from '../components/passkeys-table';
import { PAGE_INTROS } from '#web/shared/page-intros';

/** Browsers take no IP address as a passkey's site (RP id): locally, open http://localhost. */
const onIpAddress = () => /^(\d+\.){3}\d+$|^\[/.test(window.location.hostname);

/**
 * The request an approver came from to enrol (`?back=/approvals/<id>`), to go back to once the key
 * is enrolled. Only a request's own page: never another origin or path.
 */
function requestToReturnTo(back: string | null): string | undefined {
  return back && /^\/approvals\/[A-Za-z0-9_.~-]+$/.test(back) ? back : undefined;
}

/** The operator's passkeys: enrol one (approvers), see them, revoke them. */
export function PasskeysPage() {
  const me = useMe();
  const approver =
    me.roles.includes('withdrawal-approver') || me.roles.includes('address-approver');
  const required = me.approval_policy.approvals_require_passkey;
  const query = useQuery(myPasskeysQuery());
  const [search] = useSearchParams();
  const back = requestToReturnTo(search.get('back'));
  return (
    <>
      <PageHeader
        title={PAGE_INTROS.passkeys.title}
        description={PAGE_INTROS.passkeys.description}
      />
      <div className="stack">
        <Notice tone={required ? 'info' : 'warning'}>
          {required
            ? 'The approval policy requires every decision to be signed with a passkey.'
            : 'The approval policy does not require passkeys: decisions are not signed.'}
        </Notice>
        {approver ? (
          <Card title="Enrol a passkey" headingLevel={2} aria-label="Enrol a passkey">
            {browserSupportsWebAuthn() && !onIpAddress() ? (
              <EnrolPasskeyForm
                defaultName={`${me.operator.name}'s passkey`}
                {...(back ? { returnTo: back } : {})}
              />
            ) : (
              <Notice tone="warning" title="This browser cannot use passkeys">
                Open the console in a browser with WebAuthn (and, locally, at http://localhost
                rather than an IP address).
              </Notice>
            )}
          </Card>
        ) : (
          <Notice tone="info" title="Only approvers enrol passkeys">
            Enrolling a passkey needs the withdrawal-approver or address-approver role.
          </Notice>
        )}
        <Card title="Your passkeys" headingLevel={2} aria-label="Your passkeys">
          {query.isPending ? (
            <SkeletonRows rows={2} label="Loading your passkeys" />
          ) : query.isError ? (
            <QueryErrorState query={query} />
          ) : (
            <PasskeysTable passkeys={query.data.passkeys} />
          )}
        </Card>
        {me.roles.includes('passkey-admin') && (
          <Card
            title="Another operator's passkeys"
            headingLevel={2}
            aria-label="Another operator's passkeys"
          >
            <OperatorPasskeys />
          </Card>
        )}
      </div>
    </>
  );
}
