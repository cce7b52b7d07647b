import '../policy.css';
import { useQuery } from '@tanstack/react-query';
import { policyWords } from '#contract/approval-policy-words';
import { Card } from '#web/components/ui/card';
import { QueryErrorState } from '#web/components/ui/error-state';
import { PageHeader } from '#web/components/ui/page-header';
import { SkeletonRows } from '#web/components/ui/skeleton';
import { formatUtcTime } from '#web/lib/date-format';
import { useMe } from '#web/lib/session';
import { policyUsageQuery } from '../api/policy-api';
import { RollingLimitUse } from '../components/rolling-limit-use';
import { TierTable } from '../components/tier-table';
import { PAGE_INTROS } from '#web/shared/page-intros';

const Sentences = ({ lines }: { lines: readonly string[] }) => (
  <ul className="policy-sentences">
    {lines.map((line) => (
      <li key={line}>{line}</li>
    ))}
  </ul>
);

/**
 * The approval policy the console enforces, in the words the README uses
 * (contract/approval-policy-words.ts), for every operator: what waits for approval and for how
 * many people, and for each rolling limit how much of its window is used now.
 */
export function PolicyPage() {
  const policy = useMe().approval_policy;
  const words = policyWords(policy);
  const limits = policy.withdrawals.require === 'tiers' ? policy.withdrawals.rolling_limits : [];
  const usage = useQuery({ ...policyUsageQuery(), enabled: limits.length > 0 });
  return (
    <>
      <PageHeader title={PAGE_INTROS.policy.title} description={PAGE_INTROS.policy.description} />
      <div className="stack">
        <Card title="Withdrawals" headingLevel={2}>
          <Sentences
            lines={words.withdrawals.filter((line) => !line.startsWith('Rolling limit'))}
          />
          <TierTable policy={policy} />
        </Card>
        {limits.length > 0 && (
          <Card
            title="Rolling limits: used now"
            headingLevel={2}
            actions={
              usage.data && (
                <span className="muted">
                  as of {formatUtcTime(usage.data.as_of) ?? usage.data.as_of}
                </span>
              )
            }
          >
            <p className="muted">
              Withdrawals sent or waiting for approval count; refused and rejected ones do not.
              Split in parts, a withdrawal waits as the whole would.
            </p>
            {usage.isPending ? (
              <SkeletonRows rows={2} label="Reading the windows" />
            ) : usage.isError ? (
              <QueryErrorState query={usage} />
            ) : (
              <ul className="policy-limits">
                {limits.map((limit, index) => (
                  <RollingLimitUse
                    key={index}
                    limit={limit}
                    usage={usage.data.limits.find((u) => u.index === index)}
                  />
                ))}
              </ul>
            )}
          </Card>
        )}
        <Card title="Addresses and destinations" headingLevel={2}>
          <Sentences lines={[...words.addresses, ...words.destinations]} />
        </Card>
        <Card title="Decisions" headingLevel={2}>
          <Sentences
            lines={[
              ...(words.passkeys.length > 0
                ? words.passkeys
                : ['Decisions are not signed with a passkey (the policy does not require it).']),
              'Nobody approves their own request: each approval is by another person.',
              ...words.requests,
            ]}
          />
        </Card>
      </div>
    </>
  );
}
