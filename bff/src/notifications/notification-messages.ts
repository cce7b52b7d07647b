import { z } from 'zod';
import type { ApprovalRequest } from '#contract/approvals';
import type { OutboxMessage } from '#bff/store/notification-outbox-port';
import type { EmailConfig, NotificationsConfig } from './notifications-config';

// What each event says, per channel. Enough to find the request and decide whether to open the
// console; nothing secret, no Travel Rule data (the same rule as the approval webhook's message).

/**
 * A transfer the service made that the console did not send (a watcher reads the service's
 * transfers; its event comes through the approval webhook as this payload). Read tolerantly:
 * an unknown status or type still reaches the people told.
 */
export const TransferElsewhereEventSchema = z.object({
  event: z.literal('transfer.elsewhere'),
  transfer: z.object({
    id: z.string(),
    type: z.string(),
    asset: z.string(),
    amount: z.string(),
    destination_address: z.string(),
    crypto_network: z.string(),
    created_at: z.string(),
    status: z.string(),
    profile_id: z.string(),
    ref_id: z.string().nullish(),
  }),
});
type TransferElsewhereEvent = z.infer<typeof TransferElsewhereEventSchema>;

/** An event in a subject line and a body, whatever the channel. */
interface Told {
  subject: string;
  lines: string[];
  /** Who hears it by e-mail, beside the operations list. */
  emailTo: (email: EmailConfig) => string[];
}

const KIND_WORDS: Record<string, string> = {
  withdrawal: 'Withdrawal',
  address: 'Address change',
  withdrawal_batch: 'Withdrawal batch',
};

/** What a decided request came to: approved, and for a withdrawal sent or failed. */
function outcomeWord(approval: ApprovalRequest): string {
  if (approval.status !== 'approved') return approval.status;
  if (approval.kind !== 'withdrawal' || approval.outcome === undefined) return 'approved';
  return approval.outcome === 'created' ? 'approved and sent' : 'approved, sending failed';
}

function withdrawalLine(approval: ApprovalRequest): string | undefined {
  const w = approval.withdrawal;
  if (!w) return undefined;
  const amount = typeof w.amount === 'string' ? w.amount : w.total;
  const parts = [amount, w.asset, 'on', w.crypto_network, 'to', w.destination_address];
  return parts.every((part) => typeof part === 'string') ? parts.join(' ') : undefined;
}

function approvalTold(
  event: 'requested' | 'decided',
  approval: ApprovalRequest,
  link: string,
): Told {
  const kind = KIND_WORDS[approval.kind] ?? approval.kind;
  const what = withdrawalLine(approval);
  const common = [
    ...(what ? [what] : []),
    `Reference: ${approval.target}`,
    `Why it needs approval: ${approval.reason}`,
    `Asked by: ${approval.initiator.name}`,
  ];
  if (event === 'requested')
    return {
      subject: `${kind} waiting for your approval: ${approval.target}`,
      lines: [
        ...common,
        `Approvals: ${approval.approvals.length} of ${approval.required_approvals}; expires ${approval.expires_at}`,
        `Open it: ${link}`,
      ],
      emailTo: (email) =>
        approval.kind === 'address' ? email.addressApprovers : email.withdrawalApprovers,
    };
  const outcome = outcomeWord(approval);
  // The decision (who, why), and what sending it came to when the last approval sent it.
  const decision = approval.history.findLast((entry) => entry.kind !== 'sent');
  const sent = approval.history.findLast((entry) => entry.kind === 'sent');
  return {
    subject: `${kind} ${outcome}: ${approval.target}`,
    lines: [
      ...common,
      `Outcome: ${outcome}${decision?.operator ? ` (by ${decision.operator.name})` : ''}`,
      ...(decision?.reason ? [`Reason: ${decision.reason}`] : []),
      ...(sent?.detail ? [`Sending: ${sent.detail}`] : []),
      `Open it: ${link}`,
    ],
    // The initiator hears what became of their own request.
    emailTo: () => (approval.initiator.email ? [approval.initiator.email] : []),
  };
}

function elsewhereTold(event: TransferElsewhereEvent): Told {
  const t = event.transfer;
  return {
    subject: `Transfer made outside the console: ${t.amount} ${t.asset}`,
    lines: [
      `${t.amount} ${t.asset} on ${t.crypto_network} to ${t.destination_address}`,
      `Transfer ${t.id} (${t.type}, ${t.status}), created ${t.created_at}`,
      `Profile: ${t.profile_id}${t.ref_id ? `; ref_id ${t.ref_id}` : ''}`,
      'The console did not send it: check who did.',
    ],
    emailTo: () => [],
  };
}

/** The messages one event makes on the configured channels (none when nobody is to hear it). */
function messagesOf(told: Told, config: NotificationsConfig): OutboxMessage[] {
  const messages: OutboxMessage[] = [];
  if (config.email) {
    const to = [...new Set([...told.emailTo(config.email), ...config.email.operations])];
    if (to.length > 0)
      messages.push({ channel: 'email', to, subject: told.subject, text: told.lines.join('\n') });
  }
  if (config.slackWebhookUrl)
    messages.push({ channel: 'slack', text: [`*${told.subject}*`, ...told.lines].join('\n') });
  return messages;
}

export function approvalMessages(
  event: 'requested' | 'decided',
  approval: ApprovalRequest,
  config: NotificationsConfig,
): OutboxMessage[] {
  const path = `/approvals/${encodeURIComponent(approval.id)}`;
  return messagesOf(approvalTold(event, approval, `${config.consoleOrigin ?? ''}${path}`), config);
}

export function elsewhereMessages(
  event: TransferElsewhereEvent,
  config: NotificationsConfig,
): OutboxMessage[] {
  return messagesOf(elsewhereTold(event), config);
}
