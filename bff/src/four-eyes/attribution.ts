import { createHash } from 'node:crypto';
import {
  ATTRIBUTION_KEYS,
  OPERATOR_METADATA_PAIRS,
  RESERVED_METADATA_KEYS,
  reservedMetadataKey,
} from '#contract/approvals';
import { foldIdentifier } from '#contract/identity';
import type { FieldError } from '#contract/problem';
import { METADATA_MAX_LENGTH } from '#contract/withdrawals';

// Who initiated and who approved a withdrawal travel upstream in its metadata: the service sees
// one machine identity, and this is the only place its record can name people.

/**
 * How a person is named in the metadata: the stable subject, or the e-mail when configured (and
 * sent), folded (contract/identity.ts) so the service's record spells one person one way.
 */
export function attributionOf(
  operator: { subject: string; email?: string },
  mode: 'subject' | 'email',
): string {
  return foldIdentifier(mode === 'email' && operator.email ? operator.email : operator.subject);
}

/**
 * A value that fits the service's 100 characters: as it is, or (too long) a short stable hash
 * form "sha256:<first 32 hex>" of it, which the BFF's own record can be searched by. The caller
 * logs the full value beside the ref_id.
 */
function fitMetadataValue(value: string): { value: string; hashed: boolean } {
  if (value.length <= METADATA_MAX_LENGTH) return { value, hashed: false };
  return {
    value: `sha256:${createHash('sha256').update(value).digest('hex').slice(0, 32)}`,
    hashed: true,
  };
}

interface Attribution {
  initiator: string;
  /** Empty for a withdrawal that needed no approval. */
  approvers: string[];
  /** The console request id of the initiating request. */
  requestId: string;
}

/**
 * The body sent upstream: the operator's request with the attribution stamped into its metadata
 * (the operator's own keys kept). `hashed` names the keys whose value had to be shortened.
 */
export function stampAttribution<T extends { metadata?: Record<string, string> }>(
  request: T,
  attribution: Attribution,
): { body: T & { metadata: Record<string, string> }; hashed: string[] } {
  const hashed: string[] = [];
  const fit = (key: string, value: string) => {
    const fitted = fitMetadataValue(value);
    if (fitted.hashed) hashed.push(key);
    return fitted.value;
  };
  const stamps: Record<string, string> = {
    [ATTRIBUTION_KEYS.initiator]: fit(ATTRIBUTION_KEYS.initiator, attribution.initiator),
    ...(attribution.approvers.length > 0
      ? {
          [ATTRIBUTION_KEYS.approvers]: fit(
            ATTRIBUTION_KEYS.approvers,
            attribution.approvers.join(','),
          ),
        }
      : {}),
    [ATTRIBUTION_KEYS.requestId]: fit(ATTRIBUTION_KEYS.requestId, attribution.requestId),
  };
  return { body: { ...request, metadata: { ...request.metadata, ...stamps } }, hashed };
}

/**
 * The operator's own metadata leaves room for the console's keys: none of the reserved keys, and
 * at most OPERATOR_METADATA_PAIRS pairs. Field errors for a 400 (empty when it fits).
 */
export function operatorMetadataErrors(metadata: Record<string, string> | undefined): FieldError[] {
  if (!metadata) return [];
  const errors: FieldError[] = [];
  for (const key of Object.keys(metadata)) {
    const reserved = reservedMetadataKey(key);
    if (reserved !== undefined)
      errors.push({
        path: `metadata.${key}`,
        message:
          reserved === key
            ? `${key} is written by the console (who initiated and approved the withdrawal); use another key`
            : `${key} spells ${reserved}, which is written by the console (who initiated and approved the withdrawal); use another key`,
      });
  }
  if (Object.keys(metadata).length > OPERATOR_METADATA_PAIRS)
    errors.push({
      path: 'metadata',
      message: `At most ${OPERATOR_METADATA_PAIRS} metadata pairs of your own: the console uses the other ${RESERVED_METADATA_KEYS.length}`,
    });
  return errors;
}
