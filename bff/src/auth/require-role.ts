import type { RequestHandler } from 'express';
import type { Role } from '#contract/session';
import { HttpProblem } from '../http/http-problem';
import { getOperator } from './operator';

/**
 * Each route names the roles that may use it (any one suffices); an operator with none of them
 * gets a 403 problem.
 */
export function requireRole(role: Role, ...alternatives: Role[]): RequestHandler {
  const allowed = [role, ...alternatives];
  return (_req, res, next) => {
    const operator = getOperator(res);
    if (!allowed.some((r) => operator.roles.includes(r))) {
      throw new HttpProblem({
        title: 'Forbidden',
        status: 403,
        detail:
          allowed.length === 1
            ? `This action needs the ${role} role.`
            : `This action needs one of the roles ${allowed.join(', ')}.`,
      });
    }
    next();
  };
}

/**
 * Reading the BFF's own record (address book, withdrawal ledger): every role. An initiator needs
 * the address book for the picker and the look-alike warning, and the ledger to follow up.
 */
export const READ_LEDGER_ROLES: [Role, ...Role[]] = [
  'viewer',
  'address-editor',
  'withdrawal-initiator',
  'withdrawal-approver',
  'address-approver',
];

/** Deciding a request for approval: either approver role (the request's kind is checked next). */
export const APPROVER_ROLES: [Role, ...Role[]] = ['withdrawal-approver', 'address-approver'];

/** Cancelling one's own request: whoever may make one (a withdrawal or an address change). */
export const REQUESTER_ROLES: [Role, ...Role[]] = ['withdrawal-initiator', 'address-editor'];
