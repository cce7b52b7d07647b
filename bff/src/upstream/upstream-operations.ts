import type Dispatcher from 'undici/types/dispatcher';
import { ANY_TOKEN_SCOPE, SCOPES, type Scope } from '#contract/scopes';

/**
 * Retry policy per operation:
 * - read: a GET, safe to repeat on anything transient;
 * - keyed-write: the withdrawal; repeating it with the same ref_id is safe because the upstream
 *   answers 409 Already Exists instead of creating a second transfer;
 * - write: repeated only when the upstream certainly did not process it (never sent, 401, 429).
 */
export type RetryPolicy = 'read' | 'keyed-write' | 'write';

export const OPERATIONS = {
  listStatements: {
    scope: SCOPES.listStatements,
    method: 'GET',
    path: '/statements',
    retry: 'read',
  },
  putAddress: {
    scope: SCOPES.putCryptoDestinationAddress,
    method: 'PUT',
    path: '/transfer/crypto-destination-address',
    retry: 'write',
  },
  createWithdrawal: {
    scope: SCOPES.createCryptoWithdrawal,
    method: 'POST',
    path: '/transfer/crypto-withdrawals',
    retry: 'keyed-write',
  },
  // The companion operations (docs/upstream-contract.md, "Companion operations"): optional, each behind its own scope.
  getTransfer: {
    scope: SCOPES.readTransfer,
    method: 'GET',
    path: '/transfer/transfers',
    retry: 'read',
  },
  listTransfers: {
    scope: SCOPES.readTransfer,
    method: 'GET',
    path: '/transfer/transfers',
    retry: 'read',
  },
  createFeeQuote: {
    scope: SCOPES.writeCryptoWithdrawalFee,
    method: 'POST',
    path: '/transfer/fees/crypto-withdrawal',
    // A second quote costs nothing and binds nothing: safe to repeat like a read.
    retry: 'read',
  },
  // The VASP directory is published with no scope: any valid token of the client will do.
  listVasps: {
    scope: ANY_TOKEN_SCOPE,
    method: 'GET',
    path: '/travelrule/vasps',
    retry: 'read',
  },
  getVasp: {
    scope: ANY_TOKEN_SCOPE,
    method: 'GET',
    path: '/travelrule/vasps',
    retry: 'read',
  },
  listDestinationAddresses: {
    scope: SCOPES.readCryptoDestinationAddresses,
    method: 'GET',
    path: '/transfer/crypto-destination-addresses',
    retry: 'read',
  },
  // Operator context (issue 24): the profiles with their balances, and the transfer limits.
  listProfiles: {
    scope: SCOPES.readProfile,
    method: 'GET',
    path: '/profiles',
    retry: 'read',
  },
  // GET /v2/profiles/{id}/balances: the caller passes `/{id}/balances` as the path suffix.
  listProfileBalances: {
    scope: SCOPES.readProfile,
    method: 'GET',
    path: '/profiles',
    retry: 'read',
  },
  listTransferLimits: {
    scope: SCOPES.readTransferLimit,
    method: 'GET',
    path: '/transfer/limits/utilizations',
    retry: 'read',
  },
  // The payments that settle statements (issue 39): a companion read behind its own scope.
  listStatementPayments: {
    scope: SCOPES.readStatementPayment,
    method: 'GET',
    path: '/statements/payments',
    retry: 'read',
  },
  // Published prices (GET /v2/all-markets/prices): no scope, so no token is sent.
  listPrices: {
    scope: null,
    method: 'GET',
    path: '/all-markets/prices',
    retry: 'read',
  },
} as const satisfies Record<
  string,
  { scope: Scope | null; method: Dispatcher.HttpMethod; path: string; retry: RetryPolicy }
>;

export type Operation = keyof typeof OPERATIONS;
