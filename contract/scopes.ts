/** OAuth2 scopes of the three operations (docs/upstream-contract.md). One token per scope: least privilege. */
export const SCOPES = {
  listStatements: 'statements:read_statement',
  putCryptoDestinationAddress: 'transfer:write_crypto_destination_address',
  createCryptoWithdrawal: 'transfer:write_crypto_withdrawal',
} as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];
export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);
