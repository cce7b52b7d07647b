import type { Role } from '#contract/session';

/** Each role in the operator's words (the header's chips, role gates, decision reasons). */
export const ROLE_WORDS: Readonly<Record<Role, string>> = {
  viewer: 'Viewer',
  'address-editor': 'Address editor',
  'withdrawal-initiator': 'Withdrawal initiator',
  'withdrawal-approver': 'Withdrawal approver',
  'address-approver': 'Address approver',
  'passkey-admin': 'Passkey admin',
};

/** "the Withdrawal initiator role", "the Viewer or Address editor role". */
export function roleNeededWords(roles: readonly Role[]): string {
  const words = roles.map((role) => ROLE_WORDS[role]);
  const list =
    words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return `the ${list} role`;
}
