import { expect } from 'vitest';
import { HeldForApprovalResponseSchema, type ApprovalRequest } from '#contract/approvals';
import type { TestBff } from './start-test-bff';

// What the four-eyes stories do over HTTP, as one person (the proxy's headers) on one BFF, and
// what they count at the local upstream.

/** The calls of one person (`headers`) on `bff`: submit, save an address, decide, read. */
export const callsAs = (bff: TestBff) => (headers: Record<string, string>) => ({
  submit: (body: unknown) => bff.request('POST', '/api/withdrawals', { headers, body }),
  put: (body: unknown) => bff.request('PUT', '/api/addresses', { headers, body }),
  approve: (id: string, body?: unknown) =>
    bff.request('POST', `/api/approvals/${id}/approve`, { headers, body: body ?? {} }),
  reject: (id: string, body: unknown) =>
    bff.request('POST', `/api/approvals/${id}/reject`, { headers, body }),
  cancel: (id: string, body: unknown = {}) =>
    bff.request('POST', `/api/approvals/${id}/cancel`, { headers, body }),
  get: (path: string) => bff.request('GET', path, { headers }),
});

/** Withdrawals the local upstream was asked to create. */
export const upstreamCreates = (bff: TestBff) =>
  bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;

/** Addresses the local upstream was asked to save. */
export const upstreamPuts = (bff: TestBff) =>
  bff.sandbox.stats().requests['PUT /v2/transfer/crypto-destination-address'] ?? 0;

/** The request an answer held for approval: it must be a 202 (else the body is shown). */
export function heldApproval(res: { status: number; body: unknown }): ApprovalRequest {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return HeldForApprovalResponseSchema.parse(res.body).approval;
}
