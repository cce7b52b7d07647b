import { z } from 'zod';

/** An operator as the BFF's records name them: the identity's subject and display name. */
export const OperatorRefSchema = z.object({ subject: z.string(), name: z.string() });
export type OperatorRef = z.infer<typeof OperatorRefSchema>;

/**
 * The reference a record keeps of an operator, or of anyone holding one: exactly the subject and
 * the name, never the roles or the e-mail an identity also carries (the one way to take it).
 */
export function operatorRef(who: OperatorRef): OperatorRef {
  return { subject: who.subject, name: who.name };
}
