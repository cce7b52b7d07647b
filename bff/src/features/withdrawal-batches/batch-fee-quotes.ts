import {
  BATCH_FEE_ESTIMATE_NOTE,
  BATCH_FEE_QUOTE_MAX,
  type BatchFeeQuotes,
  type BatchRowFee,
} from '#contract/batch-fee-quotes';
import { canonicalJson } from '#contract/canonical-json';
import { isDecimalString, sumDecimals } from '#contract/decimal';
import { feeEstimateMismatches, feeQuoteMismatchText } from '#contract/fee-quote-match';
import {
  feeQuoteRequestOf,
  FeeQuoteSchema,
  type FeeQuote,
  type FeeQuoteRequest,
} from '#contract/fee-quotes';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import type { StoredBatchRow } from '#bff/store/withdrawal-batch-port';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { callUpstreamJson } from '#bff/upstream/upstream-json';
import { sendableRows } from './batch-view';

interface BatchFeeQuoteDeps {
  upstream?: UpstreamClient | undefined;
  companion?: Pick<CompanionFeatureGate, 'state'> | undefined;
  logger: Logger;
  /** Quotes asked at once (the service's rate limits are shared with the batch sender). */
  concurrency?: number;
  /** At most this many quotes per review (BATCH_FEE_QUOTE_MAX). */
  maxQuotes?: number;
}

/** One quote to ask, and the rows it answers for (rows asking the very same quote share one). */
interface QuoteAsk {
  body: FeeQuoteRequest;
  rows: Array<{ row: number; request: SubmitWithdrawalRequest }>;
}

type Answer = { quote: FeeQuote } | { reason: string; busy?: boolean };

function asksOf(rows: readonly StoredBatchRow[]): QuoteAsk[] {
  const asks = new Map<string, QuoteAsk>();
  for (const { row, request } of sendableRows(rows)) {
    const body = feeQuoteRequestOf(request);
    const key = canonicalJson(body);
    const ask = asks.get(key) ?? { body, rows: [] };
    ask.rows.push({ row, request });
    asks.set(key, ask);
  }
  return [...asks.values()];
}

/** One quote from the service; a refusal, a failure or an unreadable answer is its reason. */
async function askQuote(
  deps: BatchFeeQuoteDeps & { upstream: UpstreamClient },
  body: FeeQuoteRequest,
  requestId: string,
): Promise<Answer> {
  try {
    const quote = await callUpstreamJson(
      deps.upstream,
      'createFeeQuote',
      { body, requestId },
      FeeQuoteSchema,
    );
    return { quote };
  } catch (error) {
    if (error instanceof HttpProblem) {
      const { title, detail, status } = error.problem;
      return {
        reason: [title, detail].filter(Boolean).join(': '),
        busy: status === 429 || status === 503,
      };
    }
    deps.logger.warn({ err: error, req_id: requestId }, 'could not ask a batch row’s fee quote');
    return { reason: 'The quote could not be asked.' };
  }
}

/** What the review shows of one row: the quote when it fits the row, else why there is none. */
function rowFee(row: number, request: SubmitWithdrawalRequest, answer: Answer): BatchRowFee {
  if (!('quote' in answer)) return { row, state: 'unavailable', reason: answer.reason };
  const { quote } = answer;
  const mismatches = feeEstimateMismatches(quote, request);
  if (mismatches.length > 0)
    return {
      row,
      state: 'unavailable',
      reason: `${feeQuoteMismatchText(mismatches)}: it is not shown.`,
    };
  return {
    row,
    state: 'quoted',
    fee: quote.fee,
    asset: quote.asset ?? request.asset,
    expires_at: quote.expires_at,
  };
}

/** The fee per asset: the decimal fees summed; rows without one counted apart. */
function totalsOf(
  fees: readonly BatchRowFee[],
  assetOf: ReadonlyMap<number, string>,
): BatchFeeQuotes['totals'] {
  const byAsset = new Map<string, { fees: string[]; unquoted: number }>();
  for (const f of fees) {
    const asset = assetOf.get(f.row) ?? '';
    const entry = byAsset.get(asset) ?? { fees: [], unquoted: 0 };
    if (f.state === 'quoted' && f.fee !== undefined && isDecimalString(f.fee))
      entry.fees.push(f.fee);
    else entry.unquoted++;
    byAsset.set(asset, entry);
  }
  return [...byAsset].map(([asset, e]) => ({
    asset,
    fee: sumDecimals(e.fees),
    quoted_rows: e.fees.length,
    unquoted_rows: e.unquoted,
  }));
}

/** The earliest expiry the quotes shown give (one that cannot be read is shown on its row). */
function earliestExpiry(fees: readonly BatchRowFee[]): string | undefined {
  let earliest: { at: number; text: string } | undefined;
  for (const f of fees) {
    const at = f.expires_at === undefined ? NaN : Date.parse(f.expires_at);
    if (!Number.isNaN(at) && (!earliest || at < earliest.at))
      earliest = { at, text: f.expires_at! };
  }
  return earliest?.text;
}

/**
 * The fee of each row the batch would send, quoted by the service for the review: a few quotes at
 * a time, at most `maxQuotes`; after the service says it is busy (429/503, once the upstream
 * client's own retries are spent) the rest are not asked. Without the fee quote feature nothing
 * is asked and the answer says why; a row whose quote fails or does not fit it says so. Never
 * fails the batch: the fee is information, and each row pays the network fee when it is sent.
 */
export async function quoteBatchFees(
  deps: BatchFeeQuoteDeps,
  batchId: string,
  rows: readonly StoredBatchRow[],
  requestId: string,
): Promise<BatchFeeQuotes> {
  const base = { batch_id: batchId, note: BATCH_FEE_ESTIMATE_NOTE };
  const feature = deps.companion ? await deps.companion.state('fee_quotes') : undefined;
  if (!deps.upstream || !feature?.enabled)
    return {
      ...base,
      available: false,
      reason: feature?.reason ?? 'Fee quotes are not available in this console.',
      rows: [],
      totals: [],
    };
  const upstream = deps.upstream;
  const asks = asksOf(rows);
  const max = deps.maxQuotes ?? BATCH_FEE_QUOTE_MAX;
  const answers: Answer[] = new Array<Answer>(asks.length);
  let busy = false;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < asks.length; i = next++) {
      if (i >= max)
        answers[i] = {
          reason: `Not quoted: one review asks at most ${max} quotes (rows asking the same share one).`,
        };
      else if (busy) answers[i] = { reason: 'Not quoted: the service said it is busy.' };
      else {
        const answer = await askQuote({ ...deps, upstream }, asks[i]!.body, `${requestId}.fee${i}`);
        answers[i] = answer;
        if ('busy' in answer && answer.busy) busy = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.concurrency ?? 4, asks.length) }, worker));
  const fees = asks
    .flatMap((ask, i) => ask.rows.map((r) => rowFee(r.row, r.request, answers[i]!)))
    .sort((a, b) => a.row - b.row);
  const assetOf = new Map(
    asks.flatMap((a) => a.rows.map((r) => [r.row, r.request.asset] as const)),
  );
  const expiresAt = earliestExpiry(fees);
  return {
    ...base,
    available: true,
    rows: fees,
    totals: totalsOf(fees, assetOf),
    ...(expiresAt ? { expires_at: expiresAt } : {}),
  };
}
