import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { CRYPTO_NETWORK_LABELS, type CryptoNetwork } from '#contract/crypto-network';
import { FeeQuoteRequestSchema, type FeeQuote } from '#contract/fee-quotes';
import { unsupportedAddressReason } from './addresses';
import {
  addDecimal,
  canonicalDecimal,
  compareDecimal,
  subtractDecimal,
} from '../state/decimal-math';
import { networkFee, networksForAsset } from '../state/pricing';
import { sendInvalid, sendProblem } from '../http/problem-response';
import type { SandboxContext } from '../state/sandbox-context';

/** How long a quote holds its fee by default. */
export const DEFAULT_FEE_QUOTE_TTL_MS = 120_000;

export interface StoredFeeQuote {
  id: string;
  fee: string;
  asset: string;
  amount: string;
  total: string;
  crypto_network: CryptoNetwork;
  destination_address: string;
  expiresAtMs: number;
}

/** Quotes handed out; a withdrawal names one by `fee_id`. */
export class FeeQuoteStore {
  private readonly quotes = new Map<string, StoredFeeQuote>();

  add(quote: StoredFeeQuote): void {
    this.quotes.set(quote.id, quote);
  }

  get(id: string): StoredFeeQuote | undefined {
    return this.quotes.get(id);
  }

  /** Test control: every quote handed out so far expires now. Returns how many. */
  expireAll(nowMs: number): number {
    for (const quote of this.quotes.values())
      quote.expiresAtMs = Math.min(quote.expiresAtMs, nowMs);
    return this.quotes.size;
  }
}

function toFeeQuote(q: StoredFeeQuote): FeeQuote {
  return {
    id: q.id,
    fee: q.fee,
    asset: q.asset,
    amount: q.amount,
    total: q.total,
    expires_at: new Date(q.expiresAtMs).toISOString(),
    destination_address: q.destination_address,
    crypto_network: q.crypto_network,
  };
}

/** POST /v2/transfer/fees/crypto-withdrawal */
export function createFeeQuote(ctx: SandboxContext, ttlMs: number) {
  return (req: Request, res: Response) => {
    const parsed = FeeQuoteRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      sendInvalid(res, 'The request body is not valid', parsed.error);
      return;
    }
    const body = parsed.data;
    const reason = unsupportedAddressReason(
      body.crypto_network,
      body.destination_address,
      ctx.options.allowTestnet,
    );
    const fee = networkFee(body.crypto_network, body.asset);
    if (reason !== undefined || fee === undefined) {
      const where = networksForAsset(body.asset);
      sendProblem(res, {
        status: 400,
        title: 'Unsupported Address',
        type: 'unsupported-address',
        detail:
          reason ??
          `${body.asset} cannot be sent on ${CRYPTO_NETWORK_LABELS[body.crypto_network]}; it travels on ${where.join(', ') || 'no network'}`,
      });
      return;
    }
    const amount =
      body.amount !== undefined ? canonicalDecimal(body.amount) : subtractDecimal(body.total!, fee);
    const total =
      body.total !== undefined ? canonicalDecimal(body.total) : addDecimal(body.amount!, fee);
    if (compareDecimal(amount, '0') <= 0) {
      sendProblem(res, {
        status: 400,
        title: 'Bad Request',
        detail: `The total does not cover the network fee of ${fee} ${body.asset}`,
      });
      return;
    }
    const quote: StoredFeeQuote = {
      id: randomUUID(),
      fee,
      asset: body.asset,
      amount,
      total,
      crypto_network: body.crypto_network,
      destination_address: body.destination_address,
      expiresAtMs: ctx.now().getTime() + ttlMs,
    };
    ctx.state.feeQuotes.add(quote);
    res.json(toFeeQuote(quote));
  };
}
