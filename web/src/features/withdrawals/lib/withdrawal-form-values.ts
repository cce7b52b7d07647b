import type { CryptoNetwork } from '#contract/crypto-network';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { metadataPairsToObject, type MetadataPair } from './metadata-pairs';

/** "Send exactly" fills `amount` (the fee comes on top); "Debit exactly" fills `total` (fee included). */
type AmountMode = 'amount' | 'total';

/** What the form edits: strings as typed, the amount with its mode, metadata as rows. */
export interface WithdrawalFormValues {
  profile_id: string;
  asset: string;
  crypto_network: CryptoNetwork | '';
  destination_address: string;
  amount_mode: AmountMode;
  amount_value: string;
  memo: string;
  fee_id: string;
  identity_id: string;
  account_id: string;
  balance_asset: string;
  metadata: MetadataPair[];
}

export const EMPTY_WITHDRAWAL_FORM: WithdrawalFormValues = {
  profile_id: '',
  asset: '',
  crypto_network: '',
  destination_address: '',
  amount_mode: 'amount',
  amount_value: '',
  memo: '',
  fee_id: '',
  identity_id: '',
  account_id: '',
  balance_asset: '',
  metadata: [],
};

const optional = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * The request body (without ref_id) the form stands for. Blank optional fields are left out
 * rather than sent empty; the result is checked by the contract schema, never trusted as is.
 */
export function toWithdrawalRequest(values: WithdrawalFormValues): {
  body: Partial<CreateCryptoWithdrawalRequest> & Record<string, unknown>;
  errors: { path: string; message: string }[];
} {
  const { metadata, errors } = metadataPairsToObject(values.metadata);
  const body: Record<string, unknown> = {
    profile_id: values.profile_id.trim(),
    asset: values.asset.trim().toUpperCase(),
    crypto_network: values.crypto_network === '' ? undefined : values.crypto_network,
    destination_address: values.destination_address.trim(),
    [values.amount_mode]: values.amount_value.trim(),
    // A memo is sent exactly as typed (on-chain memos can be whitespace-sensitive), when given.
    memo: values.memo === '' ? undefined : values.memo,
    fee_id: optional(values.fee_id),
    identity_id: optional(values.identity_id),
    account_id: optional(values.account_id),
    balance_asset: optional(values.balance_asset)?.toUpperCase(),
    metadata,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return { body, errors };
}

/** Maps a request path ("amount", "metadata.invoice") to the form field that shows its error. */
export function formPathForRequestPath(path: string): string {
  if (path === 'amount' || path === 'total') return 'amount_value';
  if (path === 'metadata' || path.startsWith('metadata.')) return 'metadata';
  return path;
}
