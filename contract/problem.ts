import { z } from 'zod';

/** One field-level error, `path` in dotted form ("travelrule_metadata.beneficiary.person_details.first_name"). */
const FieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * RFC 9457 problem details as the BFF answers the SPA (title and status always set).
 * Tolerant: extension members are kept. The service's own problems are read with
 * UpstreamProblemSchema below, where every member is optional.
 * - `errors`: the BFF's field errors for inline display (the service has no such array).
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

// ---- The console's own problems (the BFF's, and the SPA's stand-ins for no usable answer) ----

/**
 * The `type` of every problem the console itself names and the SPA tells apart: the SPA matches
 * these URIs, never a title or the words of a detail. Tag URIs (RFC 9457, 3.1.1: identifiers,
 * not pages to fetch).
 */
const CONSOLE_PROBLEM_BASE = 'tag:asset-ops-console,2026:problems/';

export const CONSOLE_PROBLEM_TYPES = {
  /** 409 from the BFF: the destination awaits approval, or cools off after one. */
  destinationNotApproved: `${CONSOLE_PROBLEM_BASE}destination-not-approved`,
  /**
   * 409 from the BFF: the policy's allowlist is on and the destination is not an approved one
   * (`save_address` names the network and address to save for approval).
   */
  destinationNotAllowlisted: `${CONSOLE_PROBLEM_BASE}destination-not-allowlisted`,
  /** 409 from the BFF: an address approver rejected saving this destination (allowlist or not). */
  destinationRejected: `${CONSOLE_PROBLEM_BASE}destination-rejected`,
  /**
   * 409 from the BFF: the address book holds this destination only archived (out of use): it
   * receives nothing until it is brought back (held for approval like a new address).
   */
  destinationArchived: `${CONSOLE_PROBLEM_BASE}destination-archived`,
  /**
   * 422 from the BFF: on a memo network, with the policy's allowlist on, a withdrawal to a book
   * address must carry the memo the book keeps for it (the address and memo together say who is
   * credited); `errors` names the `memo` field.
   */
  destinationMemoDiffers: `${CONSOLE_PROBLEM_BASE}destination-memo-differs`,
  /** 409 from the BFF: a PUT by `id` names a saved address the console cannot find (book or service). */
  destinationUnresolved: `${CONSOLE_PROBLEM_BASE}destination-unresolved`,
  /** 422 from the BFF: a ref_id used before for another request (refIdReusedProblem, withdrawal-outcome.ts). */
  refIdReused: `${CONSOLE_PROBLEM_BASE}ref-id-reused`,
  /**
   * 409 from the BFF: the service refused an approved withdrawal, and its approval was spent by
   * that send; going again needs a new approval (approvalSpentProblem, withdrawal-outcome.ts).
   */
  approvalSpent: `${CONSOLE_PROBLEM_BASE}approval-spent`,
  /**
   * 403 from the BFF: the policy requires a decision to be signed with the approver's own passkey
   * and none was sent (or the approver has none); `rule` is passkey-required.
   */
  passkeyRequired: `${CONSOLE_PROBLEM_BASE}passkey-required`,
  /** 403 from the BFF: a decision's passkey signature was refused; `rule` names the check. */
  passkeySignatureRefused: `${CONSOLE_PROBLEM_BASE}passkey-signature-refused`,
  /** 409 from the BFF: an address file has rows that look like known destinations, unconfirmed. */
  lookAlikeUnconfirmed: `${CONSOLE_PROBLEM_BASE}look-alike-unconfirmed`,
  /** The SPA's stand-in when the BFF could not be reached at all (the fetch itself failed). */
  noAnswer: `${CONSOLE_PROBLEM_BASE}no-answer`,
  /** The SPA's stand-in for a success answer in a shape the contract does not read. */
  unexpectedResponse: `${CONSOLE_PROBLEM_BASE}unexpected-response`,
} as const;

/** Whether a problem is the console's problem of this kind (by its `type`, nothing else). */
export function isConsoleProblem(
  problem: { type?: string | undefined },
  kind: keyof typeof CONSOLE_PROBLEM_TYPES,
): boolean {
  return problem.type === CONSOLE_PROBLEM_TYPES[kind];
}

/**
 * What the SPA holds when the fetch itself failed: no HTTP answer at all. Its status is a
 * stand-in (never shown as "Status 503"): the type says nothing answered.
 */
export function noAnswerProblem(): Problem {
  return {
    type: CONSOLE_PROBLEM_TYPES.noAnswer,
    title: 'Network error',
    status: 503,
    detail: 'The console could not reach its server. Check the connection and try again.',
  };
}

/** What the SPA holds when a success answer is in a shape its contract schema does not read. */
export function unexpectedResponseProblem(): Problem {
  return {
    type: CONSOLE_PROBLEM_TYPES.unexpectedResponse,
    title: 'Unexpected response',
    status: 502,
    detail: 'The server answered in a shape this console does not understand.',
  };
}

// ---- Problems as the service sends them (docs/upstream-contract.md, "Problems") ----

/**
 * The service's problem `type` namespace: `<base><slug>`; plain HTTP errors are about:blank. The
 * one the local upstream writes.
 */
export const UPSTREAM_PROBLEM_BASE = 'https://developer.paxos.com/docs/v2/problems/';
/**
 * The published document's other form of the same types: `<base><slug_with_underscores>`
 * (`https://api.paxos.com/v2/problems/insufficient_funds`). Recognised like the first.
 */
const UPSTREAM_PROBLEM_BASE_UNDERSCORED = 'https://api.paxos.com/v2/problems/';
const UPSTREAM_PROBLEM_BASES = [UPSTREAM_PROBLEM_BASE, UPSTREAM_PROBLEM_BASE_UNDERSCORED];

/** Every named problem the service is known to send: slug, status and title. */
export const UPSTREAM_PROBLEMS = {
  'unsupported-address': { status: 400, title: 'Unsupported Address' },
  'below-min-withdraw-limit': { status: 400, title: 'Withdrawal Amount Too Small' },
  'exceed-max-withdraw-limit': { status: 400, title: 'Withdrawal Amount Too Large' },
  'exceed-precision': { status: 400, title: 'Exceeds Maximum Precision Allowed' },
  'insufficient-funds': { status: 403, title: 'Insufficient Funds' },
  expired: { status: 403, title: 'Expired' },
  rejected: { status: 403, title: 'Rejected' },
  'identity-verification-required': { status: 403, title: 'Identity Verification Required' },
  'travel-rule-information-required': { status: 403, title: 'Travel Rule Information Required' },
  'already-exists': { status: 409, title: 'Already Exists' },
} as const satisfies Record<string, { status: number; title: string }>;
export type UpstreamProblemSlug = keyof typeof UPSTREAM_PROBLEMS;

/**
 * A problem from the service, read tolerantly: every member is optional (a title-less or
 * status-less problem is still a problem), nulls are "not given", extension members are kept.
 */
export const UpstreamProblemSchema = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter(([, member]) => member !== null))
      : value,
  z.looseObject({
    type: z.string().optional().catch(undefined),
    title: z.string().optional().catch(undefined),
    status: z.number().int().optional().catch(undefined),
    detail: z.string().optional().catch(undefined),
    meta: z.record(z.string(), z.unknown()).optional().catch(undefined),
  }),
);
export type UpstreamProblem = z.infer<typeof UpstreamProblemSchema>;

interface ProblemLike {
  type?: string | undefined;
  title?: string | undefined;
  status?: number | undefined;
}

/**
 * The slug of a `type` in either of the service's namespaces, in the dashed form
 * (`insufficient_funds` reads as `insufficient-funds`), or undefined (about:blank, absent, other).
 */
function problemSlug(type: string | undefined): string | undefined {
  if (type === undefined) return undefined;
  const base = UPSTREAM_PROBLEM_BASES.find((candidate) => type.startsWith(candidate));
  if (base === undefined) return undefined;
  const slug = type
    .slice(base.length)
    .replace(/[/?#].*$/, '')
    .toLowerCase()
    .replaceAll('_', '-');
  return slug === '' ? undefined : slug;
}

const isKnownSlug = (slug: string | undefined): slug is UpstreamProblemSlug =>
  slug !== undefined && Object.hasOwn(UPSTREAM_PROBLEMS, slug);

const sameTitle = (a: string | undefined, b: string) =>
  a !== undefined && a.trim().toLowerCase() === b.toLowerCase();

/**
 * Which of the service's named problems this is: by the `type` slug first; without a slug of the
 * service's namespace, by status and title together (never by the title alone: a 400 titled
 * "Insufficient Funds" is not one). `status` is the HTTP status when the body has none.
 */
export function recognizeProblem(
  problem: ProblemLike,
  httpStatus?: number,
): UpstreamProblemSlug | undefined {
  const slug = problemSlug(problem.type);
  if (isKnownSlug(slug)) return slug;
  if (slug !== undefined) return undefined;
  const status = problem.status ?? httpStatus;
  for (const [known, { status: knownStatus, title }] of Object.entries(UPSTREAM_PROBLEMS))
    if (status === knownStatus && sameTitle(problem.title, title))
      return known as UpstreamProblemSlug;
  return undefined;
}

/** The standard reason phrase of an HTTP error status, for a problem that came without a title. */
export function statusReason(status: number): string {
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Content',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return reasons[status] ?? `HTTP ${status}`;
}
