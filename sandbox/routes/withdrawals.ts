import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { CRYPTO_NETWORK_LABELS } from '#contract/crypto-network';
import { precisionIssue } from '#contract/asset-precision';
import { fieldErrorsFromZod } from '#contract/problem';
import { createCryptoWithdrawalRequestSchema, type Transfer } from '#contract/withdrawals';
import { unsupportedAddressReason } from './addresses';
import { isSameAddress } from '#contract/networks/canonical-address';
import {
  addDecimal,
  canonicalDecimal,
  compareDecimal,
  multiplyDecimal,
  subtractDecimal,
} from '../state/decimal-math';
import {
  EXPIRED_FEE_EXPIRED_AT,
  EXPIRED_FEE_ID,
  FAILING_ADDRESSES,
  FAILING_MEMO,
  STORY_MEMOS,
  REJECTED_AMOUNT,
  REJECTED_PROFILE_ID,
  UNSUPPORTED_ADDRESS_REASON,
  UNSUPPORTED_ASSET_REASON,
  UNVERIFIED_IDENTITY_ID,
  UNVERIFIED_IDENTITY_STATUS,
  VALID_FEE_ID,
  WITHDRAWAL_LIMITS,
  type TransferStory,
} from '../seed/magic-values';
import { USD_PRICES, networkFee, networksForAsset } from '../state/pricing';
import type { SandboxContext } from '../state/sandbox-context';
import { sendProblem } from '../http/problem-response';
import { materializeTransfer, type StoredTransfer } from '../state/transfer-store';
import { feeQuoteProblem } from '../state/fee-quote-check';

/** Withdrawals worth this much or more need Travel Rule data on the destination (docs/upstream-contract.md). */
export const TRAVEL_RULE_THRESHOLD_USD = '3000';

/** POST /v2/transfer/crypto-withdrawals */
export function createCryptoWithdrawal(ctx: SandboxContext) {
  const schema = createCryptoWithdrawalRequestSchema({ allowTestnet: ctx.options.allowTestnet });
  return (req: Request, res: Response) => {
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      const raw = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
        string,
        unknown
      >;
      const reason = unsupportedAddressReason(
        raw.crypto_network,
        raw.destination_address,
        ctx.options.allowTestnet,
      );
      // Too many decimal places is the service's own problem, not a generic Bad Request.
      const tooPrecise = ['amount', 'total']
        .map((field) => raw[field])
        .find(
          (value): value is string =>
            typeof value === 'string' &&
            typeof raw.asset === 'string' &&
            precisionIssue(raw.asset, value) !== undefined,
        );
      if (tooPrecise !== undefined && typeof raw.asset === 'string') {
        sendProblem(res, {
          status: 400,
          type: 'exceed-precision',
          detail: precisionIssue(raw.asset, tooPrecise),
        });
        return;
      }
      sendProblem(res, {
        status: 400,
        ...(reason !== undefined
          ? {
              type: 'unsupported-address',
              detail: reason,
              meta: { address: raw.destination_address, reason: UNSUPPORTED_ADDRESS_REASON },
            }
          : { title: 'Bad Request', detail: 'The request body is not valid' }),
        errors: fieldErrorsFromZod(parsed.error),
      });
      return;
    }
    const body = parsed.data;
    const now = ctx.now();
    const { transfers, addresses } = ctx.state;

    // Idempotency first: a retry of a created withdrawal learns that it exists, whatever changed since.
    if (body.ref_id !== undefined) {
      const existing = transfers.byRef(body.ref_id);
      if (existing) {
        sendProblem(res, {
          status: 409,
          type: 'already-exists',
          detail: `A withdrawal with ref_id ${body.ref_id} already exists`,
          meta: { existing: materializeTransfer(existing, now) },
        });
        return;
      }
    }

    const profile = transfers.profile(body.profile_id);
    if (!profile) {
      sendProblem(res, {
        status: 404,
        title: 'Not Found',
        detail: `No profile has the id ${body.profile_id}`,
      });
      return;
    }
    if (profile.id === REJECTED_PROFILE_ID) {
      sendProblem(res, {
        status: 403,
        type: 'rejected',
        detail: 'This profile is under a compliance hold; withdrawals are refused',
      });
      return;
    }
    if (body.identity_id === UNVERIFIED_IDENTITY_ID) {
      sendProblem(res, {
        status: 403,
        type: 'identity-verification-required',
        detail: 'The identity has not finished its verification',
        meta: {
          identity_id: body.identity_id,
          current_status: UNVERIFIED_IDENTITY_STATUS,
          ref_path: `/identity/identities/${body.identity_id}`,
        },
      });
      return;
    }

    const standardFee = networkFee(body.crypto_network, body.asset);
    if (standardFee === undefined) {
      const where = networksForAsset(body.asset);
      sendProblem(res, {
        status: 400,
        type: 'unsupported-address',
        detail:
          where.length === 0
            ? `${body.asset} cannot be withdrawn`
            : `${body.asset} cannot be sent on ${CRYPTO_NETWORK_LABELS[body.crypto_network]}; it travels on ${where.join(', ')}`,
        meta: { address: body.destination_address, reason: UNSUPPORTED_ASSET_REASON },
      });
      return;
    }

    const quote = body.fee_id !== undefined ? ctx.state.feeQuotes.get(body.fee_id) : undefined;
    if (quote) {
      // A quote handed out by POST /v2/transfer/fees/crypto-withdrawal: its fee, until it expires.
      const problem = feeQuoteProblem(quote, body, now.getTime());
      if (problem) {
        sendProblem(res, problem);
        return;
      }
    } else if (body.fee_id !== undefined && body.fee_id !== VALID_FEE_ID) {
      if (body.fee_id === EXPIRED_FEE_ID) {
        sendProblem(res, {
          status: 403,
          type: 'expired',
          detail: 'The fee quote has expired; get a new quote',
          meta: { expired_at: EXPIRED_FEE_EXPIRED_AT },
        });
      } else {
        sendProblem(res, {
          status: 404,
          title: 'Not Found',
          detail: `No fee quote has the id ${body.fee_id}`,
        });
      }
      return;
    }

    const fee = quote?.fee ?? standardFee;
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

    const limits = Object.hasOwn(WITHDRAWAL_LIMITS, body.asset)
      ? WITHDRAWAL_LIMITS[body.asset]
      : undefined;
    if (limits && compareDecimal(amount, limits.min) < 0) {
      sendProblem(res, {
        status: 400,
        type: 'below-min-withdraw-limit',
        detail: `The smallest ${body.asset} withdrawal is ${limits.min}`,
        meta: { limit: limits.min, amount },
      });
      return;
    }
    if (limits && compareDecimal(amount, limits.max) > 0) {
      sendProblem(res, {
        status: 400,
        type: 'exceed-max-withdraw-limit',
        detail: `The largest ${body.asset} withdrawal is ${limits.max}`,
        meta: { limit: limits.max, amount },
      });
      return;
    }

    if (
      compareDecimal(amount, REJECTED_AMOUNT) === 0 ||
      compareDecimal(total, REJECTED_AMOUNT) === 0
    ) {
      sendProblem(res, {
        status: 403,
        type: 'rejected',
        detail: 'Refused by the risk engine',
      });
      return;
    }

    const price = USD_PRICES[body.asset] ?? '0';
    const notional = multiplyDecimal(amount, price, 2);
    if (compareDecimal(notional, TRAVEL_RULE_THRESHOLD_USD) >= 0) {
      const saved = addresses.forWithdrawal(
        body.crypto_network,
        body.destination_address,
        body.identity_id,
      );
      const covered = saved.some((a) => a.travelrule_metadata?.beneficiary !== undefined);
      if (!covered) {
        sendProblem(res, {
          status: 403,
          type: 'travel-rule-information-required',
          detail:
            saved.length === 0
              ? `A withdrawal worth ${notional} USD needs a saved destination address with Travel Rule metadata`
              : `The saved destination address has no Travel Rule beneficiary; a withdrawal worth ${notional} USD needs one`,
          meta: {
            ...(body.identity_id !== undefined ? { identity_id: body.identity_id } : {}),
            crypto_network: body.crypto_network,
            address: body.destination_address,
          },
        });
        return;
      }
    }

    const available = transfers.available(profile.id, body.asset, now);
    if (compareDecimal(available, total) < 0) {
      sendProblem(res, {
        status: 403,
        type: 'insufficient-funds',
        detail: `The profile holds ${available} ${body.asset}; this withdrawal needs ${total}`,
        meta: { profile_id: profile.id, asset: body.asset, available, needed: total },
      });
      return;
    }

    const failing =
      isSameAddress(
        body.crypto_network,
        body.destination_address,
        FAILING_ADDRESSES[body.crypto_network],
      ) || body.memo === FAILING_MEMO;
    const stored: StoredTransfer = {
      id: randomUUID(),
      customer_id: profile.customer_id,
      profile_id: profile.id,
      ...(body.identity_id !== undefined ? { identity_id: body.identity_id } : {}),
      account_id: body.account_id ?? profile.account_id,
      ...(body.ref_id !== undefined ? { ref_id: body.ref_id } : {}),
      amount,
      total,
      fee,
      asset: body.asset,
      balance_asset: body.balance_asset ?? body.asset,
      destination_address: body.destination_address,
      crypto_network: body.crypto_network,
      metadata: body.metadata ?? {},
      ...(body.memo !== undefined ? { memo: body.memo } : {}),
      notional_value: notional,
      createdAtMs: now.getTime(),
      settlesAtMs: now.getTime() + ctx.options.settleMs,
      story: storyOf(body.memo, failing),
    };
    transfers.add(stored);
    ctx.stats.withdrawalCreated();

    if (ctx.faults.takeDrop()) {
      // The transfer is committed; the client never learns it (a timeout it must recover from).
      req.socket.destroy();
      return;
    }
    const answer: Transfer = materializeTransfer(stored, now);
    res.status(200).json(answer);
  };
}

/** How an accepted withdrawal plays out: a story memo, else the failing inputs, else it settles. */
function storyOf(memo: string | undefined, failing: boolean): TransferStory {
  if (memo !== undefined && Object.hasOwn(STORY_MEMOS, memo)) return STORY_MEMOS[memo]!;
  return { outcome: failing ? 'FAILED' : 'COMPLETED' };
}
