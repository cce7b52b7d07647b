/** OAuth2 scopes of the three operations (docs/upstream-contract.md). One token per scope: least privilege. */
const CORE_SCOPES = {
  listStatements: 'statements:read_statement',
  putCryptoDestinationAddress: 'transfer:write_crypto_destination_address',
  createCryptoWithdrawal: 'transfer:write_crypto_withdrawal',
} as const;

/**
 * Scopes of the companion operations (docs/upstream-contract.md). Each is optional:
 * a client not granted one runs without that feature. The directory's scope is not published; this
 * name is ours (the local upstream uses it; a real deployment may differ).
 */
export const COMPANION_SCOPES = {
  readTransfer: 'transfer:read_transfer',
  writeCryptoWithdrawalFee: 'fee:write_crypto_withdrawal_fee',
  readVasps: 'travelrule:read_vasp',
  readCryptoDestinationAddresses: 'transfer:read_crypto_destination_address',
} as const;

export const SCOPES = { ...CORE_SCOPES, ...COMPANION_SCOPES } as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];
export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);
export const CORE_SCOPE_LIST: readonly Scope[] = Object.values(CORE_SCOPES);
