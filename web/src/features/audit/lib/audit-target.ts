import type { AuditEvent } from '#contract/audit';
import { CRYPTO_NETWORK_LABELS, isKnownCryptoNetwork } from '#contract/crypto-network';
import { middleEllipsis } from '#web/lib/middle-ellipsis';

/** An event's target in words: what the cell shows, and the raw key (hover). */
interface TargetWords {
  /** "Ethereum address 0x9040…a638", "Withdrawal ref_id inv-7", "Saved address id 5f0…". */
  text: string;
  /** Under it: the identity or memo, in words (none when the key has none). */
  detail?: string;
  /** The target exactly as recorded. */
  raw: string;
}

/**
 * An address book key ("BNB:0x9040…a638:" is network:address:identity, the identity empty when
 * none; a memo, when a key carries one, after it) read back as network, address, identity, memo.
 */
function parseAddressKey(target: string) {
  const first = target.indexOf(':');
  if (first <= 0) return undefined;
  const network = target.slice(0, first);
  if (!isKnownCryptoNetwork(network)) return undefined;
  const rest = target.slice(first + 1).split(':');
  // The address itself has no colon once canonical (bitcoincash: prefixes are dropped).
  const [address = '', identity = '', ...memo] = rest;
  if (address === '') return undefined;
  return { network, address, identity, memo: memo.join(':') };
}

/** The target of an audit event as an operator reads it (the raw key stays on hover). */
export function auditTargetWords(event: Pick<AuditEvent, 'action' | 'target'>): TargetWords {
  const raw = event.target;
  if (raw.startsWith('id:'))
    return { text: `Saved address id ${middleEllipsis(raw.slice(3), 8, 4)}`, raw };
  const key = parseAddressKey(raw);
  if (key) {
    const extras = [
      key.identity && `identity ${middleEllipsis(key.identity, 8, 4)}`,
      key.memo && `memo ${key.memo}`,
    ].filter(Boolean);
    return {
      text: `${CRYPTO_NETWORK_LABELS[key.network]} address ${middleEllipsis(key.address, 6, 4)}`,
      ...(extras.length ? { detail: `with ${extras.join(', ')}` } : {}),
      raw,
    };
  }
  if (raw === '') return { text: 'No target (the request named none)', raw };
  // A withdrawal, or an approval request about one: its ref_id. Anything else as recorded.
  if (/^(withdrawal|approval)\./.test(event.action))
    return { text: `Withdrawal ${middleEllipsis(raw, 18, 6)}`, raw };
  return { text: middleEllipsis(raw, 18, 6), raw };
}
