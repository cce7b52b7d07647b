import { useQuery } from '@tanstack/react-query';
import type { Passkey } from '#contract/passkeys';
import { useMe } from '#web/lib/session';
import { myPasskeysQuery } from '#web/shared/passkeys/passkeys-api';

/** Whether this operator's decisions are signed with a passkey, and with which keys. */
export interface PasskeySigning {
  /** The policy requires every decision to be signed (approvals_require_passkey). */
  required: boolean;
  /** The operator's keys (undefined while loading, or when none are needed). */
  keys: Passkey[] | undefined;
  /** Sign the decision: required, and the operator has a key. */
  sign: boolean;
}

/** The policy's passkey rule and the operator's keys, read only when they may decide. */
export function usePasskeySigning(mayDecide: boolean): PasskeySigning {
  const me = useMe();
  const required = me.approval_policy.approvals_require_passkey;
  const query = useQuery({ ...myPasskeysQuery(), enabled: required && mayDecide });
  const keys = required && mayDecide ? query.data?.passkeys : undefined;
  return { required, keys, sign: required && (keys?.length ?? 0) > 0 };
}
