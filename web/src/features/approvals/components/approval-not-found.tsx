import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NotFoundState } from '#web/components/ui/not-found-state';
import { PageHeader } from '#web/components/ui/page-header';

/** A 404 for an approval request: the console's one not-found presentation, and what to check. */
export function ApprovalNotFound({ id, back }: { id: string; back: ReactNode }) {
  return (
    <>
      <PageHeader title="Approval request not found" actions={back} />
      <NotFoundState
        title={
          <>
            No approval request has the id <code>{id}</code>.
          </>
        }
        checks={[
          'The link: it must be copied whole, as the notification or the list gave it.',
          <>
            Whether the request expired or was decided: expired, rejected, cancelled and approved
            requests are listed under <Link to="/approvals">All approvals</Link> with their status.
          </>,
          'The console: a request lives in the console (environment) it was made in.',
        ]}
      />
    </>
  );
}
