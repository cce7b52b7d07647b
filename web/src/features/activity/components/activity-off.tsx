import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';

/** What an Activity page says without the transfer read (companion feature off), and why. */
export function ActivityOff({ title, reason }: { title: string; reason: string | undefined }) {
  return (
    <Card>
      <EmptyState title={title}>
        {reason ?? 'The service has not granted the transfer read this page needs.'}
      </EmptyState>
    </Card>
  );
}
