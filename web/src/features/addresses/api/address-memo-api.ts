import { SetAddressMemoResponseSchema } from '#contract/address-book';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/addresses/memo: the memo kept with a book entry (empty clears it). */
export async function setAddressMemo(key: string, memo: string) {
  const { data } = await apiRequest('/api/addresses/memo', {
    method: 'POST',
    body: { key, memo },
    schema: SetAddressMemoResponseSchema,
  });
  return data.address;
}
