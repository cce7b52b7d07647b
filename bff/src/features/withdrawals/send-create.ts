import type { SubmitWithdrawalRequest, Transfer } from '#contract/withdrawals';
import type { UpstreamTuning } from '#bff/config';
import type { Logger } from '#bff/logger';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { failureResult, foundByRead, interpretCreateAnswer } from './create-answer';
import type { SentResult } from './submit-result';
import type { TransferLookup } from './transfer-lookup';

interface SendCreateOptions {
  upstream: UpstreamClient;
  tuning: UpstreamTuning;
  logger: Logger;
  /**
   * The transfer read by ref_id, when the client is granted it: an unknown outcome is then
   * resolved by reading (found: created; not found: sent again with the same ref_id) instead of
   * by sending the create again.
   */
  lookup?: TransferLookup | undefined;
}

/**
 * Sends the create. With the transfer read, a lost answer is not followed by a blind resend:
 * the transfer is read by ref_id; found means created (when it is this request), not found
 * means the create may be sent again (same ref_id). Without the read, the upstream client
 * resends and the 409 settles it. `readFirst`: an earlier attempt's outcome is unknown, so the
 * transfer is read before anything is sent.
 */
export function createSendCreate(options: SendCreateOptions) {
  const { upstream, logger, lookup } = options;

  /** Whether the transfer read can settle unknown outcomes now (never throws). */
  async function canRead(): Promise<boolean> {
    try {
      return (await lookup?.enabled()) ?? false;
    } catch {
      return false;
    }
  }

  /** Reads the transfer by ref_id: the transfer, 'absent', or undefined when the read failed. */
  async function readByRefId(refId: string): Promise<Transfer | 'absent' | undefined> {
    try {
      return (await lookup!.byRefId(refId)) ?? 'absent';
    } catch (error) {
      logger.warn({ err: error, ref_id: refId }, 'could not read a transfer by ref_id');
      return undefined;
    }
  }

  return async function sendCreate(
    request: SubmitWithdrawalRequest,
    requestId: string,
    readFirst: boolean,
  ): Promise<SentResult> {
    const refId = request.ref_id;
    const reading = await canRead();
    if (reading && readFirst) {
      const found = await readByRefId(refId);
      if (found !== undefined && found !== 'absent')
        return foundByRead(logger, found, request, true);
    }
    const rounds = Math.max(1, options.tuning.maxAttempts);
    for (let round = 1; ; round++) {
      let result: SentResult;
      try {
        const response = await upstream.call('createWithdrawal', {
          body: request,
          requestId,
          ...(reading ? { noResendAfterSent: true } : {}),
        });
        result = await interpretCreateAnswer(logger, request, response);
      } catch (error) {
        result = failureResult(logger, refId, error);
      }
      if (result.kind !== 'unknown' || !reading) return result;
      const found = await readByRefId(refId);
      if (found === undefined) return result;
      if (found !== 'absent') {
        // Its answer was lost on the way, but it was created: no second create is sent.
        return foundByRead(logger, found, request, false);
      }
      // Not created: sending it again with the same ref_id is safe (a bounded number of times).
      if (round >= rounds) return result;
    }
  };
}
