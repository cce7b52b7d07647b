/** OAuth2 scopes of the three operations (docs/upstream-contract.md). One token per scope: least privilege. */
const CORE_SCOPES = {
  listStatements: 'statements:read_statement',
  putCryptoDestinationAddress: 'transfer:write_crypto_destination_address',
  createCryptoWithdrawal: 'transfer:write_crypto_withdrawal',
} as const;

/**
 * Scopes of the companion operations (docs/upstream-contract.md). Each is optional:
 * a client not granted one runs without that feature. The VASP directory has none: see
 * ANY_TOKEN_SCOPE.
 */
export const COMPANION_SCOPES = {
  readTransfer: 'transfer:read_transfer',
  writeCryptoWithdrawalFee: 'fee:write_crypto_withdrawal_fee',
  readCryptoDestinationAddresses: 'transfer:read_crypto_destination_address',
  readProfile: 'funding:read_profile',
  readTransferLimit: 'transfer:read_transfer_limit',
  readStatementPayment: 'statements:read_payment',
} as const;

/**
 * The token sent to an operation published with no scope that still wants a valid token of the
 * client (the VASP directory). The service defines no scope for it (asking the token endpoint for
 * one it does not define is `invalid_scope`), so the console uses a token it already holds: the
 * statements read scope's, which every deployment is granted (the console does not run without it).
 */
export const ANY_TOKEN_SCOPE = CORE_SCOPES.listStatements;

export const SCOPES = { ...CORE_SCOPES, ...COMPANION_SCOPES } as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];
export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);
export const CORE_SCOPE_LIST: readonly Scope[] = Object.values(CORE_SCOPES);
