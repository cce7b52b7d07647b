import { Router } from 'express';
import type { Environment } from '#contract/session';
import type { AuthMode, MeResponse } from '#contract/session';
import type { ApprovalPolicy } from '#contract/approvals';
import { DEV_OPERATORS } from '#bff/auth/identity';
import { getOperator } from '#bff/auth/operator';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';

/** GET /api/me: who the operator is, what they may do, and which upstream they are acting on. */
export function createMeRouter(
  environment: Environment,
  features: CompanionFeatureGate,
  approvalPolicy: ApprovalPolicy,
  /** AUTH_MODE=dev lists the local operators a developer may act as; oidc offers sign-out. */
  authMode: AuthMode = 'dev',
): Router {
  const router = Router();
  router.get('/me', async (_req, res) => {
    const operator = getOperator(res);
    const body: MeResponse = {
      operator: {
        subject: operator.subject,
        name: operator.name,
        ...(operator.email ? { email: operator.email } : {}),
      },
      roles: operator.roles,
      environment,
      features: await features.states(),
      approval_policy: approvalPolicy,
      auth_mode: authMode,
      ...(authMode === 'dev'
        ? { dev_operators: DEV_OPERATORS.map(({ id, subject, name }) => ({ id, subject, name })) }
        : {}),
    };
    res.json(body);
  });
  return router;
}
