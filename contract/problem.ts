import { z } from 'zod';

/** One field-level error, `path` in dotted form ("travelrule_metadata.beneficiary.person_details.first_name"). */
export const FieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * RFC 9457 problem details: the one error shape on every wire (upstream, BFF, sandbox).
 * Tolerant: extension members are kept.
 * - `errors`: field errors for inline display (BFF and sandbox validation).
 * - `meta`: upstream's extension (Insufficient Funds, Already Exists, Expired...).
 * - `outcome: "unknown"` with `ref_id`: a withdrawal whose result could not be learned.
 */
export const ProblemSchema = z.looseObject({
  type: z.string().default('about:blank'),
  title: z.string(),
  status: z.number().int().min(400).max(599),
  detail: z.string().optional(),
  instance: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
  errors: z.array(FieldErrorSchema).optional(),
  outcome: z.enum(['unknown']).optional(),
  ref_id: z.string().optional(),
  request_id: z.string().optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Converts zod issues into field errors: the one mapping used by the BFF and the sandbox. */
export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
