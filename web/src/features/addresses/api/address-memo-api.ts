import { z } from 'zod';
import { SetAddressMemoResponseSchema } from '#contract/address-book';
import { HeldForApprovalResponseSchema } from '#contract/approvals';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/addresses/memo: the memo kept with a book entry (empty clears it), or the request
 * holding the change for an address approver (202) when the policy holds address changes.
 */
export async function setAddressMemo(key: string, memo: string) {
  const { data } = await apiRequest('/api/addresses/memo', {
    method: 'POST',
    body: { key, memo },
    schema: z.union([HeldForApprovalResponseSchema, SetAddressMemoResponseSchema]),
  });
  return data;
}
