import { z } from 'zod';
import { controlCharacterReason, unsafeTextReason } from './safe-text';

/**
 * Our own cap on a Travel Rule name (`first_name`, `last_name`, an institution's `name`): the
 * service's published schema puts no pattern and no length on names, so the cap is ours, for
 * safety, and generous.
 */
export const TRAVEL_RULE_NAME_MAX = 200;

/**
 * A beneficiary's name as typed: accents and any script are kept ("José Müller" is sent as
 * "José Müller"). The service restricts only the physical address lines (travel-rule-text.ts).
 * Trimmed, not empty, at most TRAVEL_RULE_NAME_MAX characters, and safe text: no NUL, no lone
 * surrogate, no control or bidi character.
 */
export const TravelRuleNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(TRAVEL_RULE_NAME_MAX, `At most ${TRAVEL_RULE_NAME_MAX} characters`)
  .superRefine((value, ctx) => {
    const reason = unsafeTextReason(value) ?? controlCharacterReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });
