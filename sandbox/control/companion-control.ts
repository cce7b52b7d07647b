import express, { type Router } from 'express';
import { isLoopbackAddress } from '../http/loopback';
import { sendProblem } from '../http/problem-response';
import type { SandboxContext } from '../state/sandbox-context';

/**
 * /__sandbox/fee-quotes/expire: every fee quote handed out so far expires now, so a test can
 * meet "403 Expired" without waiting. Loopback peers only, like the other control routes.
 */
export function createCompanionControlRouter(ctx: SandboxContext): Router {
  const router = express.Router();
  router.post('/fee-quotes/expire', (req, res) => {
    if (!isLoopbackAddress(req.socket.remoteAddress)) {
      sendProblem(res, {
        status: 404,
        title: 'Not Found',
        detail: `Nothing at ${req.originalUrl}`,
      });
      return;
    }
    res.json({ expired: ctx.state.feeQuotes.expireAll(ctx.now().getTime()) });
  });
  return router;
}
