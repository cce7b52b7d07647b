import type { ReactNode } from 'react';
import type { Role } from '#contract/session';
import { Notice } from '#web/components/ui/notice';
import { useMe } from '#web/lib/session';
import { ROLE_WORDS, roleNeededWords } from './role-words';

interface RoleGateProps {
  /** Any one of these roles lets the operator through (the BFF route's own roles). */
  roles: readonly Role[];
  /** What the page does, as the start of a sentence: "Starting a withdrawal". */
  action: string;
  /** What the operator can still do here without the role (optional). */
  instead?: ReactNode;
  children: ReactNode;
}

/**
 * The one gate of a write page: without one of `roles` the page says up front which role it
 * needs and which ones the operator has, and shows no form that would fail on submit (the BFF
 * would answer 403). Every write page opens with it: new withdrawal, address editor, decisions.
 */
export function RoleGate({ roles, action, instead, children }: RoleGateProps) {
  const me = useMe();
  if (roles.some((role) => me.roles.includes(role))) return children;
  return <RoleNeededNotice roles={roles} action={action} instead={instead} have={me.roles} />;
}

/** The gate's words on their own, for a part of a page (a decision card). */
export function RoleNeededNotice({
  roles,
  action,
  instead,
  have,
}: Omit<RoleGateProps, 'children'> & { have: readonly Role[] }) {
  return (
    <Notice tone="warning" title={`${action} needs ${roleNeededWords(roles)}`}>
      <p>
        Your roles: {have.length ? have.map((role) => ROLE_WORDS[role]).join(', ') : 'none'}. Roles
        come from your SSO groups: ask an administrator for {roleNeededWords(roles)}, then sign in
        again.
      </p>
      {instead && <p>{instead}</p>}
    </Notice>
  );
}
