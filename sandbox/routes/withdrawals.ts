import type { Request, Response } from 'express';
import {
  createCryptoWithdrawalRequestSchema,
  type CreateCryptoWithdrawalRequest,
  type Transfer,
} from '#contract/withdrawals';
import type { SandboxContext } from '../state/sandbox-context';
import { sendProblem, type ProblemInit } from '../http/problem-response';
import { materializeTransfer, type StoredTransfer } from '../state/transfer-store';
import { invalidRequestProblem } from './withdrawal-rules/request-problem';
import { existingRefProblem } from './withdrawal-rules/existing-ref';
import { eligibleProfile } from './withdrawal-rules/eligibility';
import { withdrawalFee } from './withdrawal-rules/fee';
import { amountProblem, withdrawalAmounts } from './withdrawal-rules/amounts';
import { notionalUsd, travelRuleProblem } from './withdrawal-rules/travel-rule';
import { fundsProblem } from './withdrawal-rules/funds';
import { transferRecord } from './withdrawal-rules/transfer-record';

/** POST /v2/transfer/crypto-withdrawals */
export function createCryptoWithdrawal(ctx: SandboxContext) {
  const schema = createCryptoWithdrawalRequestSchema({ allowTestnet: ctx.options.allowTestnet });
  return (req: Request, res: Response) => {
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      sendProblem(res, invalidRequestProblem(req.body, parsed.error, ctx.options.allowTestnet));
      return;
    }
    const now = ctx.now();
    const transfer = storeWithdrawal(ctx, res, parsed.data, now);
    if (!transfer) return;
    ctx.stats.withdrawalCreated();

    if (ctx.faults.takeDrop()) {
      // The transfer is committed; the client never learns it (a timeout it must recover from).
      req.socket.destroy();
      return;
    }
    const answer: Transfer = materializeTransfer(transfer, now);
    res.status(200).json(answer);
  };
}

/**
 * A valid request decided and, accepted, stored: the stored transfer. Refused: its problem is
 * sent and the answer is undefined. For this route and the control route that plays a withdrawal
 * made elsewhere.
 */
export function storeWithdrawal(
  ctx: SandboxContext,
  res: Response,
  body: CreateCryptoWithdrawalRequest,
  now: Date,
): StoredTransfer | undefined {
  const decided = decideWithdrawal(ctx, body, now);
  if ('problem' in decided) {
    sendProblem(res, decided.problem);
    return undefined;
  }
  ctx.state.transfers.add(decided.transfer);
  return decided.transfer;
}

/**
 * A valid request, refused or accepted, in the order the service checks: idempotency, who may
 * withdraw, the fee, the sums, Travel Rule, funds. Accepted: the transfer to store.
 */
function decideWithdrawal(
  ctx: SandboxContext,
  body: CreateCryptoWithdrawalRequest,
  now: Date,
): { problem: ProblemInit } | { transfer: StoredTransfer } {
  const { transfers, addresses, feeQuotes } = ctx.state;
  const existing = existingRefProblem(transfers, body.ref_id, now);
  if (existing) return { problem: existing };
  const eligible = eligibleProfile(transfers, body);
  if ('problem' in eligible) return eligible;
  const priced = withdrawalFee(feeQuotes, body, now.getTime());
  if ('problem' in priced) return priced;

  const sums = withdrawalAmounts(body, priced.fee);
  const sumsProblem = amountProblem(body.asset, sums);
  if (sumsProblem) return { problem: sumsProblem };
  const notional = notionalUsd(body.asset, sums.amount);
  const refused =
    travelRuleProblem(addresses, body, notional) ??
    fundsProblem(transfers, eligible.profile.id, body.asset, sums.total, now);
  if (refused) return { problem: refused };

  const transfer = transferRecord(
    body,
    eligible.profile,
    { ...sums, notional },
    now,
    ctx.options.settleMs,
  );
  return { transfer };
}
