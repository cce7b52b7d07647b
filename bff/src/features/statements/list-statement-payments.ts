import type { RequestHandler } from 'express';
import { z } from 'zod';
import { fieldErrorsFromZod } from '#contract/problem';
import {
  ListStatementPaymentsQuerySchema,
  paymentsQueryToSearchParams,
} from '#contract/statement-payments';
import { badRequest } from '#bff/http/http-problem';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { callUpstreamJson } from '#bff/upstream/upstream-json';
import { readQueryParams } from './statements-query';

/**
 * The page as the service answers it. Payments are passed on as they came (the SPA reads each
 * tolerantly, as it does statements): the BFF checks only the page's shape, and always answers a
 * string cursor, empty at the end (the service may also leave it out or send null).
 */
const PaymentsPageSchema = z.looseObject({
  payments: z
    .array(z.unknown())
    .nullish()
    .transform((payments) => payments ?? []),
  next_page_cursor: z.string().nullish(),
});

/**
 * GET /api/statements/payments: `ref_ids` (or `payment_ids`) alone, otherwise `customer_id` with
 * `product`, `payment_status`, `limit`, `order` and `page_cursor`, as the service publishes them.
 * The query is checked first (400 problem, nothing sent); then the feature (403 Feature
 * Unavailable without the scope statements:read_payment); then the service is asked with the
 * validated values only.
 */
export function listStatementPayments(deps: {
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
}): RequestHandler {
  return async (req, res) => {
    const parsed = ListStatementPaymentsQuerySchema.safeParse(readQueryParams(req.originalUrl));
    if (!parsed.success)
      throw badRequest('The payments query is not valid.', fieldErrorsFromZod(parsed.error));
    await deps.companion.require('statement_payments');
    const page = await callUpstreamJson(
      deps.upstream,
      'listStatementPayments',
      { query: paymentsQueryToSearchParams(parsed.data).toString() },
      PaymentsPageSchema,
    );
    res.json({ payments: page.payments, next_page_cursor: page.next_page_cursor ?? '' });
  };
}
