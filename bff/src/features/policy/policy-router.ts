import { Router } from 'express';
import { ROLES as ALL_ROLES } from '#contract/session';
import { requireRole } from '#bff/auth/require-role';
import type { ApprovalPolicy } from '#contract/approval-policy';
import type { PolicyUsageResponse } from '#contract/policy-usage';
import { getOperator } from '#bff/auth/operator';
import type { WindowUsageReader } from '#bff/store/window-usage-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { policyUsage } from './policy-usage';

/**
 * GET /api/policy/usage (any signed-in operator, as the policy itself is in /api/me): what each
 * rolling limit's window holds now, so the Policy page says how close a limit is before a
 * withdrawal trips on it. Without a kept window (a store that keeps none) the limits are listed
 * with nothing measured.
 */
export function createPolicyRouter(deps: {
  policy: ApprovalPolicy;
  windows: WindowUsageReader | undefined;
  prices: UsdPriceReader;
}): Router {
  const router = Router();
  // Every role (an operator with none sees nothing: the route-roles rule for every route).
  router.get('/policy/usage', requireRole(...ALL_ROLES), async (_req, res) => {
    const operator = getOperator(res);
    const limits = deps.windows
      ? await policyUsage({
          policy: deps.policy,
          windows: deps.windows,
          prices: deps.prices,
          initiator: operator,
        })
      : [];
    const body: PolicyUsageResponse = { as_of: new Date().toISOString(), limits };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });
  return router;
}
