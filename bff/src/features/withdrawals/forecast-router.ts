import { Router } from 'express';
import { fieldErrorsFromZod } from '#contract/problem';
import {
  DestinationForecastRequestSchema,
  type WithdrawalForecast,
} from '#contract/withdrawal-forecast';
import { createSubmitWithdrawalRequestSchema } from '#contract/withdrawals';
import { getOperator } from '#bff/auth/operator';
import { requireRole } from '#bff/auth/require-role';
import { destinationRefusal } from '#bff/gate/destination-gate';
import { createWithdrawalGate } from '#bff/gate/withdrawal-gate';
import { badRequest } from '#bff/http/http-problem';
import type { SubmitWithdrawalDeps } from './submit-withdrawal';

/**
 * What the gate would decide, before submit (issue 42 items C, 2, A): POST
 * /api/withdrawals/destination-forecast (the form's destination: refused or not) and POST
 * /api/withdrawals/forecast (the review's whole body: refused, held for how many approvals and
 * why, or neither). The same gate as POST /api/withdrawals, reading only: nothing is written or
 * counted, and the submit decides again.
 */
export function createForecastRouter(deps: SubmitWithdrawalDeps): Router {
  const schema = createSubmitWithdrawalRequestSchema({
    allowTestnet: deps.environment.allow_testnet,
  });
  const gate = createWithdrawalGate({
    ledger: deps.store.ledger,
    approvals: deps.store.approvals,
    destinations: deps.destinations,
    policy: deps.config.approvalPolicy,
    prices: deps.usdPrices,
    window: deps.store.withdrawalWindow,
    forecast: true,
  });
  const router = Router();

  router.post(
    '/withdrawals/destination-forecast',
    requireRole('withdrawal-initiator'),
    async (req, res) => {
      const parsed = DestinationForecastRequestSchema.safeParse(req.body);
      if (!parsed.success)
        throw badRequest('The destination is not valid.', fieldErrorsFromZod(parsed.error));
      const refusal = deps.destinations
        ? await destinationRefusal(deps.destinations, deps.config.approvalPolicy, parsed.data)
        : undefined;
      const answer: WithdrawalForecast = refusal ? { refusal: refusal.problem } : {};
      res.json(answer);
    },
  );

  router.post('/withdrawals/forecast', requireRole('withdrawal-initiator'), async (req, res) => {
    const parsed = schema.safeParse(req.body);
    if (!parsed.success)
      throw badRequest('The withdrawal request is not valid.', fieldErrorsFromZod(parsed.error));
    const decision = await gate(parsed.data, getOperator(res));
    const answer: WithdrawalForecast =
      decision.verdict === 'refuse'
        ? { refusal: decision.problem.problem }
        : decision.verdict === 'hold'
          ? {
              requirement: {
                approvals: decision.requirement.approvals,
                reason: decision.requirement.reason,
              },
            }
          : {};
    res.json(answer);
  });
  return router;
}
