import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ElsewhereAlert } from '#contract/elsewhere-alerts';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { QueryErrorState } from '#web/components/ui/error-state';
import { DateTime } from '#web/components/ui/date-time';
import { DecimalText } from '#web/components/ui/decimal-text';
import { useMe } from '#web/lib/session';
import { acknowledgeElsewhere } from '../api/acknowledge-elsewhere-api';
import { elsewhereAlertsQuery } from '../api/elsewhere-alerts-api';
import { activityKeys } from '../api/activity-keys';
import { ELSEWHERE_WITHDRAWAL_TEXT } from '../lib/origin-label';
import { transferPath } from '../lib/transfer-fields';

/** Who may acknowledge (the BFF's rule: the people who move money). */
const ACK_ROLES = ['withdrawal-approver', 'withdrawal-initiator'] as const;

/** Withdrawals the watcher found made outside this console that nobody has acknowledged yet. */
export function ElsewhereAlertsPanel() {
  const me = useMe();
  const client = useQueryClient();
  const alerts = useQuery(elsewhereAlertsQuery());
  const canAck = me.roles.some((role) => (ACK_ROLES as readonly string[]).includes(role));
  const ack = useMutation({
    mutationFn: acknowledgeElsewhere,
    onSettled: () => client.invalidateQueries({ queryKey: activityKeys.elsewhere }),
  });
  const open = (alerts.data?.items ?? []).filter((alert) => !alert.acknowledged_at);
  return (
    <Card title={`Alerts: ${alerts.data?.unacknowledged ?? 0} unacknowledged`}>
      {alerts.isError ? (
        <QueryErrorState query={alerts} title="The alerts could not be loaded" headingLevel={3} />
      ) : open.length === 0 ? (
        <p>No withdrawals made outside this console wait to be acknowledged.</p>
      ) : (
        <>
          {!canAck && (
            <p>
              A withdrawal initiator or approver acknowledges these once they know who made them.
            </p>
          )}
          {ack.isError && <p role="alert">The acknowledgement failed: try again.</p>}
          <ul className="activity-alerts" aria-label="Unacknowledged alerts">
            {open.map((alert) => (
              <AlertLine
                key={alert.transfer_id}
                alert={alert}
                onAck={canAck ? () => ack.mutate(alert.transfer_id) : undefined}
                busy={ack.isPending && ack.variables === alert.transfer_id}
              />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function AlertLine(props: { alert: ElsewhereAlert; onAck?: () => void; busy: boolean }) {
  const { alert } = props;
  return (
    <li>
      <span>
        <strong>{ELSEWHERE_WITHDRAWAL_TEXT}</strong>:{' '}
        {alert.amount ? (
          <DecimalText value={alert.amount} asset={alert.asset} />
        ) : (
          'amount not given'
        )}{' '}
        to {alert.destination_address ?? 'an address not given'} ({alert.crypto_network ?? '—'}),
        created <DateTime value={alert.created_at} rawTitle />, transfer{' '}
        <Link to={transferPath(alert.transfer_id)}>{alert.transfer_id}</Link>
      </span>
      {props.onAck && (
        <Button
          onClick={props.onAck}
          disabled={props.busy}
          aria-label={`Acknowledge transfer ${alert.transfer_id}`}
        >
          {props.busy ? 'Acknowledging…' : 'Acknowledge'}
        </Button>
      )}
    </li>
  );
}
