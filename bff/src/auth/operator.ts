import type { Response } from 'express';
import type { ApprovalPerson } from '#contract/approvals';
import type { Role } from '#contract/session';
import { HttpProblem } from '../http/http-problem';

/** The verified identity of the person behind a request (set by the identity middleware). */
export interface Operator {
  subject: string;
  name: string;
  email?: string;
  roles: Role[];
}

interface OperatorLocals {
  operator?: Operator;
}

export function setOperator(res: Response, operator: Operator): void {
  (res.locals as OperatorLocals).operator = operator;
}

/** The operator of this request; a request that reached a route without one is a 401. */
export function getOperator(res: Response): Operator {
  const operator = (res.locals as OperatorLocals).operator;
  if (!operator)
    throw new HttpProblem({ title: 'Unauthorized', status: 401, detail: 'Sign in through SSO.' });
  return operator;
}

/**
 * The operator as a request for approval records them: subject, name and the e-mail the login
 * carried, which contract/identity.ts needs to tell people apart (self-approval, twice, cancel).
 */
export function approvalPerson(operator: Operator): ApprovalPerson {
  return {
    subject: operator.subject,
    name: operator.name,
    ...(operator.email !== undefined ? { email: operator.email } : {}),
  };
}
