import type { ApprovalRequest } from '#contract/approvals';
import type { Transfer } from '#contract/withdrawals';
import type { Logger } from '../logger';

/** Tells someone (APPROVAL_WEBHOOK_URL) that a request needs approval or was decided. */
export interface ApprovalNotifier {
  /** Fire and forget: never awaited by a request, never throws. */
  notify(event: 'requested' | 'decided', approval: ApprovalRequest): void;
  /** A withdrawal made outside this console (the elsewhere watcher): fire and forget. */
  notifyElsewhere?(transfer: Transfer): void;
  /** Resolves when every message in flight is delivered or given up (tests, shutdown). */
  drain(): Promise<void>;
}

/** What the receiver gets: enough to find the request, nothing secret, no Travel Rule data. */
export interface ApprovalWebhookMessage {
  event: 'approval.requested' | 'approval.decided';
  approval_id: string;
  kind: ApprovalRequest['kind'];
  status: ApprovalRequest['status'];
  target: string;
  initiator: string;
  reason: string;
  required_approvals: number;
  received_approvals: number;
  expires_at: string;
  /** Where the console shows it (a path: the receiver knows the console's origin). */
  console_path: string;
  at: string;
}

function webhookMessage(
  event: 'requested' | 'decided',
  approval: ApprovalRequest,
  now = new Date(),
): ApprovalWebhookMessage {
  return {
    event: event === 'requested' ? 'approval.requested' : 'approval.decided',
    approval_id: approval.id,
    kind: approval.kind,
    status: approval.status,
    target: approval.target,
    initiator: approval.initiator.subject,
    reason: approval.reason,
    required_approvals: approval.required_approvals,
    received_approvals: approval.approvals.length,
    expires_at: approval.expires_at,
    console_path: `/approvals/${encodeURIComponent(approval.id)}`,
    at: now.toISOString(),
  };
}

/** What the receiver gets for a withdrawal made outside this console (no Travel Rule data). */
interface ElsewhereWebhookMessage {
  event: 'transfer.elsewhere';
  transfer: {
    id: string;
    type?: string;
    asset?: string;
    amount?: string;
    destination_address?: string;
    crypto_network?: string;
    created_at?: string;
    status: string;
    profile_id?: string;
    ref_id?: string;
  };
  console_path: string;
  at: string;
}

export function elsewhereMessage(transfer: Transfer, now = new Date()): ElsewhereWebhookMessage {
  const pick = (key: keyof Transfer) =>
    typeof transfer[key] === 'string' ? { [key]: transfer[key] as string } : {};
  return {
    event: 'transfer.elsewhere',
    transfer: {
      id: transfer.id,
      status: String(transfer.status),
      ...pick('type'),
      ...pick('asset'),
      ...pick('amount'),
      ...pick('destination_address'),
      ...pick('crypto_network'),
      ...pick('created_at'),
      ...pick('profile_id'),
      ...pick('ref_id'),
    },
    console_path: `/activity/${encodeURIComponent(transfer.id)}`,
    at: now.toISOString(),
  };
}

interface ApprovalWebhookOptions {
  url: string;
  logger: Logger;
  /** Pauses before each retry (default 1 s, 5 s, 30 s, 2 min): four tries after the first. */
  delaysMs?: readonly number[];
  timeoutMs?: number;
}

/**
 * POSTs each message as JSON, retrying with growing pauses when the receiver is unreachable or
 * answers 408, 429 or 5xx. The URL is never logged (a webhook URL often carries its own secret).
 */
export function createApprovalWebhook(options: ApprovalWebhookOptions): ApprovalNotifier {
  const delays = options.delaysMs ?? [1_000, 5_000, 30_000, 120_000];
  const timeoutMs = options.timeoutMs ?? 5_000;
  const inFlight = new Set<Promise<void>>();

  async function deliver(
    message: ApprovalWebhookMessage | ElsewhereWebhookMessage,
    logId: Record<string, string>,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let retry: boolean;
      let status: number | undefined;
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        status = response.status;
        if (response.ok) return;
        retry = status === 408 || status === 429 || status >= 500;
      } catch {
        retry = true;
      }
      const delay = delays[attempt];
      if (!retry || delay === undefined) {
        options.logger.warn(
          { ...logId, event: message.event, tries: attempt + 1, status },
          'approval webhook not delivered',
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }

  function send(
    message: ApprovalWebhookMessage | ElsewhereWebhookMessage,
    logId: Record<string, string>,
  ) {
    const sending = deliver(message, logId).catch(() => {});
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  return {
    notify(event, approval) {
      send(webhookMessage(event, approval), { approval_id: approval.id });
    },
    notifyElsewhere(transfer) {
      send(elsewhereMessage(transfer), { transfer_id: transfer.id });
    },
    async drain() {
      await Promise.all([...inFlight]);
    },
  };
}
