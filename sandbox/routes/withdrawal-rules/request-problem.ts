import type { z } from 'zod';
import { precisionIssue } from '#contract/asset-precision';
import { fieldErrorsFromZod } from '#contract/problem';
import type { ProblemInit } from '#sandbox/http/problem-response';
import { UNSUPPORTED_ADDRESS_REASON } from '#sandbox/seed/magic-values';
import { unsupportedAddressReason } from '../addresses';

/**
 * The answer to a body the schema refuses. Too many decimal places is the service's own problem,
 * not a generic Bad Request; so is an address its network does not accept; anything else is a
 * Bad Request naming every refused field.
 */
export function invalidRequestProblem(
  body: unknown,
  error: z.ZodError,
  allowTestnet: boolean,
): ProblemInit {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const reason = unsupportedAddressReason(
    raw.crypto_network,
    raw.destination_address,
    allowTestnet,
  );
  const tooPrecise = ['amount', 'total']
    .map((field) => raw[field])
    .find(
      (value): value is string =>
        typeof value === 'string' &&
        typeof raw.asset === 'string' &&
        precisionIssue(raw.asset, value) !== undefined,
    );
  if (tooPrecise !== undefined && typeof raw.asset === 'string') {
    return {
      status: 400,
      type: 'exceed-precision',
      detail: precisionIssue(raw.asset, tooPrecise),
    };
  }
  return {
    status: 400,
    ...(reason !== undefined
      ? {
          type: 'unsupported-address',
          detail: reason,
          meta: { address: raw.destination_address, reason: UNSUPPORTED_ADDRESS_REASON },
        }
      : { title: 'Bad Request', detail: 'The request body is not valid' }),
    errors: fieldErrorsFromZod(error),
  };
}
