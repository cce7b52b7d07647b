import { z } from 'zod';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/transfers/elsewhere/:transfer_id/acknowledge (CSRF via the api-client). The body is
 * an empty JSON object: the BFF answers a write without one 415.
 */
export async function acknowledgeElsewhere(transferId: string): Promise<void> {
  await apiRequest(`/api/transfers/elsewhere/${encodeURIComponent(transferId)}/acknowledge`, {
    method: 'POST',
    body: {},
    schema: z.unknown(),
  });
}
