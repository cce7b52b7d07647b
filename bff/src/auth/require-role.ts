import type { RequestHandler } from 'express';
import type { Role } from '../../../contract/session';
import { HttpProblem } from '../http/http-problem';
import { getOperator } from './operator';

/** Each route names the role it needs; an operator without it gets a 403 problem. */
export function requireRole(role: Role): RequestHandler {
  return (_req, res, next) => {
    const operator = getOperator(res);
    if (!operator.roles.includes(role)) {
      throw new HttpProblem({
        title: 'Forbidden',
        status: 403,
        detail: `This action needs the ${role} role.`,
      });
    }
    next();
  };
}
