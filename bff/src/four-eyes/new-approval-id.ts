import { randomUUID } from 'node:crypto';

/** An approval request's id: opaque, unguessable, URL-safe. */
export function newApprovalId(): string {
  return `apr_${randomUUID()}`;
}
