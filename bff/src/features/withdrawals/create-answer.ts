import { TransferSchema, type SubmitWithdrawalRequest, type Transfer } from '#contract/withdrawals';
import { HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import {
  readJsonBody,
  UpstreamFailure,
  type UpstreamResponse,
} from '#bff/upstream/upstream-client';
import { problemFromUpstream } from '#bff/upstream/upstream-problem';
import { unknownProblem, type SentResult } from './submit-result';
import { compareTransfer } from './transfer-matches-request';

// What the upstream's answer to a create (or its failure to answer) means for the withdrawal.
// Never "refused" unless the service refused it: anything that may have created it is unknown.

/**
 * The upstream holds a transfer under this ref_id that differs from the recorded request (409
 * meta.existing, or the transfer read). The ledger ties this ref_id to this very request (a
 * different body under it is refused before any call), so it is almost surely ours, read in a
 * way we do not understand or changed by the service. Unknown, checked again with the same
 * ref_id, with an alert in the log: never "refused, use a new ref_id", which could send the
 * money twice.
 */
function differingTransfer(
  logger: Logger,
  refId: string,
  differences: string[],
  upstreamStatus?: number,
): SentResult {
  logger.error(
    // `alert` names what to alert on (as record_not_written): a person must review it.
    { ref_id: refId, differences, alert: 'transfer_mismatch' },
    'the upstream holds a withdrawal under this ref_id that differs from the recorded request: outcome unknown, needs review',
  );
  return {
    kind: 'unknown',
    problem: unknownProblem(
      refId,
      502,
      `The upstream already holds a withdrawal with this ref_id, but it differs from this request (${differences.join(', ')}). Its outcome is unknown and has been reported for review. Do not submit it under a new ref_id: check again with the same ref_id, which never creates a second transfer.`,
    ),
    ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
  };
}

/** The transfer read by ref_id: created when it is this request, else as a differing 409. */
export function foundByRead(
  logger: Logger,
  found: Transfer,
  request: SubmitWithdrawalRequest,
  replayed: boolean,
): SentResult {
  const { verdict, differences } = compareTransfer(found, request);
  if (verdict === 'different') return differingTransfer(logger, request.ref_id, differences);
  return { kind: 'created', transfer: found, replayed };
}

/** A 2xx: created, whatever it says; unknown when its body cannot be read. */
async function createdAnswer(
  logger: Logger,
  request: SubmitWithdrawalRequest,
  response: UpstreamResponse,
): Promise<SentResult> {
  const refId = request.ref_id;
  const body = await readJsonBody(response);
  const transfer = body.ok ? TransferSchema.safeParse(body.value) : undefined;
  if (transfer?.success) {
    // Created, whatever it says: but a transfer that is not what we asked for (another
    // ref_id, amount or destination) is recorded with the differences and flagged.
    const { verdict, differences } = compareTransfer(transfer.data, request);
    if (verdict === 'different')
      logger.error(
        // `alert` names what to alert on (as record_not_written): a person must review it.
        { ref_id: refId, differences, alert: 'transfer_mismatch' },
        'the upstream created a withdrawal that does not match the request: recorded and flagged for review',
      );
    return {
      kind: 'created',
      transfer: transfer.data,
      replayed: false,
      ...(verdict === 'different' ? { mismatch: differences } : {}),
      upstreamStatus: response.status,
    };
  }
  // A success we cannot read: the transfer exists, we do not know it. Check again later.
  return {
    kind: 'unknown',
    problem: unknownProblem(
      refId,
      502,
      'The upstream accepted the withdrawal but its answer could not be read. Check again: the same ref_id never creates a second transfer.',
    ),
    upstreamStatus: response.status,
  };
}

/** A 409 Already Exists: created by an earlier try of this request, or unknown. */
async function alreadyExistsAnswer(
  logger: Logger,
  request: SubmitWithdrawalRequest,
  response: UpstreamResponse,
): Promise<SentResult> {
  const refId = request.ref_id;
  const problem = await problemFromUpstream(response);
  const existing = TransferSchema.safeParse(problem.problem.meta?.existing);
  const comparison = existing.success
    ? compareTransfer(existing.data, request)
    : { verdict: 'unclear' as const, differences: [] };
  if (existing.success && comparison.verdict === 'same') {
    // An earlier try of this very request was created; its answer was lost on the way.
    return { kind: 'created', transfer: existing.data, replayed: true, upstreamStatus: 409 };
  }
  if (comparison.verdict === 'different')
    return differingTransfer(logger, refId, comparison.differences, 409);
  // Unreadable or incomplete: almost surely ours too (see differingTransfer). Unknown, checked
  // again with the same ref_id, never "use a new ref_id".
  return {
    kind: 'unknown',
    problem: unknownProblem(
      refId,
      502,
      'The upstream already holds a withdrawal with this ref_id, but its record could not be read or compared. Check again: the same ref_id never creates a second transfer.',
    ),
    upstreamStatus: 409,
  };
}

/** What the upstream's answer to the create means. */
export async function interpretCreateAnswer(
  logger: Logger,
  request: SubmitWithdrawalRequest,
  response: UpstreamResponse,
): Promise<SentResult> {
  const refId = request.ref_id;
  const status = response.status;
  if (status >= 200 && status < 300) return createdAnswer(logger, request, response);
  if (status === 409) return alreadyExistsAnswer(logger, request, response);
  const problem = await problemFromUpstream(response);
  if (status === 401 || status === 429 || status >= 500) {
    // Not a refusal of the withdrawal: the upstream was unavailable (or refused our credentials)
    // after the client's retries. Earlier tries may have created it: never say "failed".
    const committedMaybe = response.possiblyCommitted || status >= 500;
    return {
      kind: 'unknown',
      problem: new HttpProblem(
        {
          ...problem.problem,
          ...(committedMaybe ? { status: 502, title: 'Bad Gateway' } : {}),
          detail: `${problem.problem.detail ?? 'The upstream did not take the withdrawal.'} Its outcome is unknown: check again with the same ref_id, which never creates a second transfer.`,
          outcome: 'unknown',
          ref_id: refId,
        },
        problem.headers,
      ),
      upstreamStatus: status,
    };
  }
  // A business refusal (400, 403 Insufficient Funds / Travel Rule / Expired / Rejected, 404…):
  // the upstream's problem, meta included, goes to the operator as it is.
  return {
    kind: 'refused',
    problem: new HttpProblem({ ...problem.problem, ref_id: refId }, problem.headers),
    upstreamStatus: status,
  };
}

/** A create that threw instead of answering: unknown, worded by how far it got. */
export function failureResult(logger: Logger, refId: string, error: unknown): SentResult {
  if (error instanceof UpstreamFailure) {
    return {
      kind: 'unknown',
      problem: unknownProblem(
        refId,
        error.kind === 'timeout' ? 504 : 502,
        error.possiblyCommitted
          ? 'The upstream did not answer; the withdrawal may have been created. Check again: the same ref_id never creates a second transfer.'
          : 'The upstream could not be reached. Check again: the same ref_id never creates a second transfer.',
        error.possiblyCommitted ? undefined : false,
      ),
    };
  }
  if (error instanceof HttpProblem) {
    // E.g. the token endpoint refused our credentials before the call left.
    return {
      kind: 'unknown',
      problem: new HttpProblem(
        { ...error.problem, outcome: 'unknown', ref_id: refId },
        error.headers,
      ),
    };
  }
  logger.error({ err: error, ref_id: refId }, 'withdrawal submit failed unexpectedly');
  return {
    kind: 'unknown',
    problem: unknownProblem(
      refId,
      502,
      'The withdrawal could not be completed. Check again: the same ref_id never creates a second transfer.',
    ),
  };
}
