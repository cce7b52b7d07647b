import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { FaultConfigSchema } from './faults';
import { jsonBody } from '../http/json-body';
import { isLoopbackAddress } from '../http/loopback';
import type { SandboxContext } from '../state/sandbox-context';
import { sendInvalid, sendProblem } from '../http/problem-response';
import { materializeTransfer } from '../state/transfer-store';
import { createCryptoWithdrawalRequestSchema } from '#contract/withdrawals';
import { storeWithdrawal } from '../routes/withdrawals';

// /__sandbox/*: test control over HTTP (faults, transfers, stats, reset). Answered only to
// loopback peers; anyone else sees a plain 404 as if the routes did not exist. The peer address
// is the socket's: no forwarding header is trusted.

function loopbackOnly(req: Request, res: Response, next: NextFunction): void {
  if (isLoopbackAddress(req.socket.remoteAddress)) {
    next();
    return;
  }
  sendProblem(res, {
    status: 404,
    title: 'Not Found',
    detail: `Nothing at ${req.method} ${req.originalUrl}`,
  });
}

export function createControlRouter(ctx: SandboxContext, reset: () => void): Router {
  const router = express.Router();
  router.use(loopbackOnly);
  router.get('/faults', (_req, res) => {
    res.json(ctx.faults.get());
  });
  // JSON only: an unparsed body read as {} would silently clear every fault.
  router.post('/faults', jsonBody, (req, res) => {
    const parsed = FaultConfigSchema.safeParse(req.body);
    if (!parsed.success) {
      sendInvalid(res, 'Not a fault configuration', parsed.error);
      return;
    }
    ctx.faults.set(parsed.data);
    res.json(ctx.faults.get());
  });
  router.delete('/faults', (_req, res) => {
    ctx.faults.clear();
    res.status(204).end();
  });
  router.get('/transfers', (req, res) => {
    const refId = typeof req.query.ref_id === 'string' ? req.query.ref_id : undefined;
    const now = ctx.now();
    const transfers = ctx.state.transfers.list(refId !== undefined ? { ref_id: refId } : {});
    res.json({ transfers: transfers.map((t) => materializeTransfer(t, now)) });
  });
  // A withdrawal made as another client of the same account would (the service's dashboard, a
  // script, a leaked key): the same rules as POST /v2/transfer/crypto-withdrawals, no console.
  router.post('/transfers/elsewhere', jsonBody, (req, res) => {
    const parsed = createCryptoWithdrawalRequestSchema({
      allowTestnet: ctx.options.allowTestnet,
    }).safeParse(req.body);
    if (!parsed.success) {
      sendInvalid(res, 'Not a withdrawal request', parsed.error);
      return;
    }
    const now = ctx.now();
    const transfer = storeWithdrawal(ctx, res, parsed.data, now);
    if (transfer) res.status(201).json(materializeTransfer(transfer, now));
  });
  router.get('/stats', (_req, res) => {
    res.json(ctx.stats.snapshot());
  });
  router.post('/reset', (_req, res) => {
    reset();
    res.status(204).end();
  });
  return router;
}
