import { z } from 'zod';

/** An operator as the BFF's records name them: the identity's subject and display name. */
export const OperatorRefSchema = z.object({ subject: z.string(), name: z.string() });
export type OperatorRef = z.infer<typeof OperatorRefSchema>;
