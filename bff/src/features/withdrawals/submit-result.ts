import type { AWAITING_APPROVAL } from '#contract/withdrawal-outcome';
import type { Transfer } from '#contract/withdrawals';
import { HttpProblem } from '#bff/http/http-problem';

/**
 * What a call to the upstream came to (contract/withdrawal-outcome.ts's sent outcomes): created,
 * refused by the service, or unknown (it may have been created: checked again with the same ref_id).
 */
export type SentResult =
  | {
      kind: 'created';
      transfer: Transfer;
      /** The transfer existed before this request (ledger, 409 Already Exists, or a shared flight). */
      replayed: boolean;
      /** Request fields the upstream's 200 answer does not match (recorded and flagged). */
      mismatch?: string[];
      upstreamStatus?: number;
    }
  | {
      kind: 'refused' | 'unknown';
      problem: HttpProblem;
      upstreamStatus?: number;
      refIdReused?: undefined;
    };

/** What one submit came to, for the answer and the audit event: the contract's submit outcomes. */
export type SubmitResult =
  | SentResult
  /**
   * Refused before any call: the ref_id was used for a different request (422), or it is an
   * approved withdrawal the service refused, whose approval is spent (409).
   */
  | { kind: 'refused'; problem: HttpProblem; refIdReused: true; upstreamStatus?: undefined }
  /** Recorded as held by the four-eyes policy (awaiting approval, or never sent): no call. */
  | { kind: typeof AWAITING_APPROVAL; approvalId: string; upstreamStatus?: undefined };

/** An unknown outcome's problem: `outcome: "unknown"`, so it is never shown as failed. */
export function unknownProblem(
  refId: string,
  status: 502 | 504,
  detail: string,
  /** False when no try got through to the upstream: the console words that case differently. */
  upstreamReached?: false,
): HttpProblem {
  return new HttpProblem({
    title: status === 504 ? 'Gateway Timeout' : 'Bad Gateway',
    status,
    detail,
    outcome: 'unknown',
    ref_id: refId,
    ...(upstreamReached === false ? { upstream_reached: false } : {}),
  });
}
