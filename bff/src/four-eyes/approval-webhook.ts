import type { ApprovalRequest } from '#contract/approvals';
import type { Logger } from '../logger';

/** Tells someone (APPROVAL_WEBHOOK_URL) that a request needs approval or was decided. */
export interface ApprovalNotifier {
  /** Fire and forget: never awaited by a request, never throws. */
  notify(event: 'requested' | 'decided', approval: ApprovalRequest): void;
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

  async function deliver(message: ApprovalWebhookMessage): Promise<void> {
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
          { approval_id: message.approval_id, event: message.event, tries: attempt + 1, status },
          'approval webhook not delivered',
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }

  return {
    notify(event, approval) {
      const sending = deliver(webhookMessage(event, approval)).catch(() => {});
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    async drain() {
      await Promise.all([...inFlight]);
    },
  };
}
