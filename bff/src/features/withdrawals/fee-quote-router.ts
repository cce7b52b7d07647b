import { Router } from 'express';
import { FeeQuoteRequestSchema, FeeQuoteSchema } from '#contract/fee-quotes';
import { validateAddress } from '#contract/networks';
import { fieldErrorsFromZod } from '#contract/problem';
import type { Environment } from '#contract/session';
import { requireRole } from '#bff/auth/require-role';
import { badRequest } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { callUpstreamJson } from '#bff/upstream/upstream-json';
import type { FeeQuoteMemory } from '#bff/gate/fee-quote-gate';

interface FeeQuoteRouterDeps {
  environment: Environment;
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  /** Quotes handed out, for the withdrawal that names one (absent: not remembered). */
  feeQuotes?: FeeQuoteMemory | undefined;
}

/**
 * POST /api/fee-quotes (withdrawal-initiator): a guaranteed fee for the withdrawal under review
 * (fee:write_crypto_withdrawal_fee). The body is checked like the withdrawal's (nothing invalid
 * is forwarded); the answer is the upstream's quote, amounts as decimal strings.
 */
export function createFeeQuoteRouter(deps: FeeQuoteRouterDeps): Router {
  const router = Router();
  router.post('/fee-quotes', requireRole('withdrawal-initiator'), async (req, res) => {
    const parsed = FeeQuoteRequestSchema.safeParse(req.body);
    if (!parsed.success)
      throw badRequest('The fee quote request is not valid.', fieldErrorsFromZod(parsed.error));
    const address = validateAddress(parsed.data.crypto_network, parsed.data.destination_address, {
      allowTestnet: deps.environment.allow_testnet,
    });
    if (!address.valid)
      throw badRequest('The fee quote request is not valid.', [
        { path: 'destination_address', message: address.reason },
      ]);
    await deps.companion.require('fee_quotes');
    const quote = await callUpstreamJson(
      deps.upstream,
      'createFeeQuote',
      { body: parsed.data, requestId: requestIdOf(req, res) },
      FeeQuoteSchema,
    );
    deps.feeQuotes?.remember(quote);
    res.json(quote);
  });
  return router;
}
