import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { SCOPES } from '#contract/scopes';
import { requireScope, requireToken } from '../auth/bearer-auth';
import { jsonBody } from '../http/json-body';
import { sendProblem } from '../http/problem-response';
import type { SandboxContext } from '../state/sandbox-context';
import { putCryptoDestinationAddress } from './addresses';
import { createFeeQuote } from './fee-quotes';
import { listDestinationAddresses } from './list-destination-addresses';
import { listPrices } from './prices';
import { getProfileBalance, listProfileBalances, listProfiles } from './profiles';
import { listLimitUtilizations } from './transfer-limits';
import { listStatementPayments } from './statement-payments';
import { listStatements } from './statements';
import { getTransfer, listTransfers } from './transfers-read';
import { getVasp, listVasps } from './vasps';
import { createCryptoWithdrawal } from './withdrawals';

/** The API under /v2: every operation behind its scope, after the injected faults. */
export function createV2Router(ctx: SandboxContext, feeQuoteTtlMs: number): Router {
  const v2 = express.Router();
  v2.use(injectedFaults(ctx));
  v2.get('/statements', requireScope(ctx, SCOPES.listStatements), listStatements(ctx));
  // The payments that settle statements: a companion read behind its own scope.
  v2.get(
    '/statements/payments',
    requireScope(ctx, SCOPES.readStatementPayment),
    listStatementPayments(ctx),
  );
  v2.put(
    '/transfer/crypto-destination-address',
    requireScope(ctx, SCOPES.putCryptoDestinationAddress),
    jsonBody,
    putCryptoDestinationAddress(ctx),
  );
  v2.post(
    '/transfer/crypto-withdrawals',
    requireScope(ctx, SCOPES.createCryptoWithdrawal),
    jsonBody,
    createCryptoWithdrawal(ctx),
  );
  // The companion operations (docs/upstream-contract.md, "Companion operations"): each behind its
  // own scope, but for the VASP directory.
  v2.get('/transfer/transfers', requireScope(ctx, SCOPES.readTransfer), listTransfers(ctx));
  v2.get('/transfer/transfers/:id', requireScope(ctx, SCOPES.readTransfer), getTransfer(ctx));
  v2.post(
    '/transfer/fees/crypto-withdrawal',
    requireScope(ctx, SCOPES.writeCryptoWithdrawalFee),
    jsonBody,
    createFeeQuote(ctx, feeQuoteTtlMs),
  );
  // The VASP directory is published with no scope: any valid token of the client.
  v2.get('/travelrule/vasps', requireToken(ctx), listVasps(ctx));
  v2.get('/travelrule/vasps/:id', requireToken(ctx), getVasp(ctx));
  v2.get(
    '/transfer/crypto-destination-addresses',
    requireScope(ctx, SCOPES.readCryptoDestinationAddresses),
    listDestinationAddresses(ctx),
  );
  // Operator context: the profiles with their balances, and what is left of the transfer limits.
  v2.get('/profiles', requireScope(ctx, SCOPES.readProfile), listProfiles(ctx));
  v2.get(
    '/profiles/:profileId/balances',
    requireScope(ctx, SCOPES.readProfile),
    listProfileBalances(ctx),
  );
  v2.get(
    '/profiles/:profileId/balances/:asset',
    requireScope(ctx, SCOPES.readProfile),
    getProfileBalance(ctx),
  );
  v2.get(
    '/transfer/limits/utilizations',
    requireScope(ctx, SCOPES.readTransferLimit),
    listLimitUtilizations(ctx),
  );
  // Published prices: no scope (any caller, with or without a token).
  v2.get('/all-markets/prices', listPrices(ctx));
  return v2;
}

/** A configured rate limit or server error answers before any operation (and before its auth). */
function injectedFaults(ctx: SandboxContext) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const retryAfter = ctx.faults.takeRateLimit(ctx.now().getTime());
    if (retryAfter !== undefined) {
      sendProblem(res, {
        status: 429,
        title: 'Too Many Requests',
        detail: `Rate limit reached; retry after ${retryAfter} seconds`,
        headers: { 'Retry-After': String(retryAfter) },
      });
      return;
    }
    const status = ctx.faults.takeError();
    if (status !== undefined) {
      sendProblem(res, {
        status,
        title: status === 503 ? 'Service Unavailable' : 'Server Error',
        detail: 'Injected fault',
      });
      return;
    }
    next();
  };
}
