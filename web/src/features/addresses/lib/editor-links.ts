import { normalizeCryptoNetwork, type CryptoNetwork } from '#contract/crypto-network';

/** What a link may pre-fill in the editor (the withdrawal form links here by URL). */
export interface EditorPrefill {
  crypto_network: CryptoNetwork | '';
  address: string;
  identity_id: string;
  /** A same-origin path to go back to after saving, or undefined. */
  returnTo: string | undefined;
}

/**
 * Only a same-origin path is a place to go back to: "/withdrawals/new?...", never
 * "https://elsewhere", "//elsewhere" (protocol-relative) or "/\elsewhere" (read as "//" by browsers).
 */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide "//".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const base = 'http://console.invalid';
    if (new URL(value, base).origin !== base) return undefined;
  } catch {
    return undefined;
  }
  return value;
}

export function editorPrefillFromSearch(params: URLSearchParams): EditorPrefill {
  return {
    crypto_network: normalizeCryptoNetwork(params.get('crypto_network') ?? '') ?? '',
    address: (params.get('address') ?? '').trim(),
    identity_id: (params.get('identity_id') ?? '').trim(),
    returnTo: safeReturnTo(params.get('return_to')),
  };
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

interface AddressKey {
  crypto_network: string;
  address: string;
  identity_id?: string | undefined;
}

/** The withdrawal form, pre-filled with this destination. */
export function withdrawToAddressUrl(key: AddressKey): string {
  return withQuery('/withdrawals/new', {
    crypto_network: key.crypto_network,
    address: key.address,
    identity_id: key.identity_id,
  });
}

/** The editor, opened on this destination (its saved details load for an update). */
export function editAddressUrl(key: AddressKey): string {
  return withQuery('/addresses/new', {
    crypto_network: key.crypto_network,
    address: key.address,
    identity_id: key.identity_id,
  });
}
