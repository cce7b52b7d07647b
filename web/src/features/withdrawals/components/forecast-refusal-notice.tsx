import { Link } from 'react-router';
import { isConsoleProblem, recognizeProblem, type Problem } from '#contract/problem';
import { holdsAddressChanges } from '#contract/approvals';
import { Notice } from '#web/components/ui/notice';
import { useMe } from '#web/lib/session';
import { outcomeSentence } from '../lib/outcome-sentence';
import { addressEditorUrl } from '../lib/withdrawal-links';
import { archivedAddressUrl } from './archived-destination-notice';

interface ForecastRefusalNoticeProps {
  /** The problem the submit would answer (the BFF's forecast). */
  refusal: Problem;
  destination: { cryptoNetwork: string; address: string; identityId?: string };
  /** Where the address editor comes back to (this draft). */
  returnTo: string;
}

const member = (problem: Problem, key: string): string | undefined => {
  const value = (problem as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The refusal's heading: what it is, and that the withdrawal will be refused. */
function headingOf(refusal: Problem): string {
  if (isConsoleProblem(refusal, 'destinationNotAllowlisted'))
    return 'Not allowlisted: this withdrawal will be refused';
  if (isConsoleProblem(refusal, 'destinationRejected'))
    return 'Rejected by an address approver: this withdrawal will be refused';
  if (isConsoleProblem(refusal, 'destinationArchived'))
    return 'Archived: this withdrawal will be refused';
  if (isConsoleProblem(refusal, 'destinationNotApproved'))
    return 'Not approved yet: this withdrawal will be refused for now';
  if (recognizeProblem(refusal) === 'travel-rule-information-required')
    return 'Travel Rule data needed: this withdrawal will be refused';
  return `${refusal.title}: this withdrawal will be refused`;
}

/**
 * Before submit (issue 42 items 2 and A): the BFF's gate would refuse this withdrawal. Says why,
 * and the way forward (save the address for approval, bring it back, open its request, save the
 * beneficiary); the caller offers no Submit.
 */
export function ForecastRefusalNotice({
  refusal,
  destination,
  returnTo,
}: ForecastRefusalNoticeProps) {
  const policy = useMe().approval_policy;
  const editor = addressEditorUrl({ ...destination, returnTo });
  const approvalId = member(refusal, 'approval_id');
  let way;
  if (isConsoleProblem(refusal, 'destinationNotAllowlisted'))
    way = <Link to={editor}>Save this address for approval</Link>;
  else if (isConsoleProblem(refusal, 'destinationArchived'))
    way = (
      <Link to={archivedAddressUrl(destination)}>
        {policy && holdsAddressChanges(policy) ? 'Bring it back (needs approval)' : 'Bring it back'}
      </Link>
    );
  else if (recognizeProblem(refusal) === 'travel-rule-information-required')
    way = <Link to={editor}>Save the beneficiary on this address</Link>;
  else if (approvalId)
    way = (
      <Link to={`/approvals/${encodeURIComponent(approvalId)}`}>
        Open the address&rsquo;s approval request
      </Link>
    );
  return (
    <Notice tone="warning" title={headingOf(refusal)}>
      {/* The detail names the whole address: it breaks anywhere rather than widen a phone's page. */}
      <p className="wrap-anywhere">{outcomeSentence(refusal.detail ?? refusal.title)}</p>
      {way && <p>{way} (this withdrawal is kept; come back to it with the same ref_id).</p>}
    </Notice>
  );
}
