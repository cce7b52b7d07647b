import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AddressBookEntry } from '#contract/ledger';
import { findLookAlikes, isSameAddress, validateAddress } from '#contract/networks';
import { CRYPTO_NETWORK_LABELS, isKnownCryptoNetwork } from '#contract/crypto-network';
import { Notice } from '#web/components/ui/notice';
import { SelectField } from '#web/components/ui/select-field';
import { TextField, type TextFieldProps } from '#web/components/ui/text-field';
import { formatUtc } from '#web/lib/date-format';
import { HELD_ADDRESSES_UNAVAILABLE, useHeldAddresses } from '#web/shared/approvals/held-addresses';
import { addressBookQuery } from '../api/withdrawal-api';
import { addressEditorUrl } from '../lib/withdrawal-links';
import { AddressGroups } from '#web/shared/destinations/address-groups';

export interface DestinationFieldProps {
  network: string;
  address: string;
  identityId: string;
  allowTestnet: boolean;
  /** The form's own error (after a submit attempt or from the server). */
  error?: string;
  /** react-hook-form's register('destination_address'). */
  input: Omit<TextFieldProps, 'label'>;
  onPick: (entry: AddressBookEntry) => void;
  /** Where the address editor comes back to. */
  returnTo: string;
}

const entryLabel = (entry: AddressBookEntry) =>
  `${entry.nickname || 'Unnamed'} · ${entry.address.slice(0, 10)}…${entry.address.slice(-6)}${
    entry.identity_id ? ` · identity ${entry.identity_id.slice(0, 8)}` : ''
  }`;

/**
 * The destination: typed or picked from the address book, validated as it is typed, matched
 * against the book (saved, Travel Rule on file) and checked for look-alikes of saved addresses.
 */
export function DestinationField({
  network,
  address,
  identityId,
  allowTestnet,
  error,
  input,
  onPick,
  returnTo,
}: DestinationFieldProps) {
  const book = useQuery(addressBookQuery(undefined));
  const entries = book.data?.addresses ?? [];
  const onNetwork = entries.filter((entry) => entry.crypto_network === network);
  const trimmed = address.trim();

  // Validated as typed: the contract's validator, its cause in words. Shown once there is enough
  // to judge (a few characters) so the first keystroke is not an error.
  const live =
    trimmed.length >= 6 && isKnownCryptoNetwork(network)
      ? validateAddress(network, trimmed, { allowTestnet })
      : undefined;
  const liveError = live && !live.valid ? live.reason : undefined;
  const saved = trimmed
    ? onNetwork.find(
        (entry) =>
          isSameAddress(network, entry.address, trimmed) &&
          (identityId.trim() === '' || (entry.identity_id ?? '') === identityId.trim()),
      )
    : undefined;
  // Held (pending approval) addresses count for the look-alike check too.
  const { addresses: held, unavailable: heldUnavailable } = useHeldAddresses();
  const lookAlikes = trimmed ? findLookAlikes(trimmed, [...entries, ...held]) : [];
  const heldHere = trimmed
    ? held.find((h) => h.crypto_network === network && isSameAddress(network, h.address, trimmed))
    : undefined;

  // Approved recently: the policy's cooling-off period keeps withdrawals away until this instant.
  const coolingUntil =
    saved?.receivable_from && Date.parse(saved.receivable_from) > Date.now()
      ? formatUtc(saved.receivable_from)
      : undefined;
  const hint = saved
    ? `Saved as "${saved.nickname || 'unnamed'}"${saved.has_travel_rule ? ' · Travel Rule data on file' : ' · no Travel Rule data yet'}${coolingUntil ? ` · newly approved: receives withdrawals from ${coolingUntil}` : ''}`
    : live?.valid
      ? `A valid ${CRYPTO_NETWORK_LABELS[network as keyof typeof CRYPTO_NETWORK_LABELS] ?? network} address${live.testnet ? ' (testnet)' : ''}`
      : 'Paste the address, then compare it group by group with the recipient’s copy';

  return (
    <div className="stack stack--tight form-grid__wide">
      <SelectField
        label="Pick a saved address"
        options={onNetwork.map((entry) => ({ value: entry.key, label: entryLabel(entry) }))}
        placeholder={
          network === ''
            ? 'Choose the network first'
            : book.isError
              ? 'Address book unavailable'
              : onNetwork.length === 0
                ? 'No saved address on this network'
                : 'Choose a saved address'
        }
        disabled={onNetwork.length === 0}
        value={saved?.key ?? ''}
        hint={book.isError ? 'Type the address instead.' : undefined}
        onChange={(event) => {
          const entry = onNetwork.find((e) => e.key === event.target.value);
          if (entry) onPick(entry);
        }}
      />
      <TextField
        {...input}
        label="Destination address"
        required
        mono
        autoComplete="off"
        spellCheck={false}
        hint={hint}
        error={error ?? liveError}
      />
      {trimmed && live?.valid && (
        <p className="muted small">
          In groups of four: <AddressGroups address={trimmed} />
        </p>
      )}
      {lookAlikes.length > 0 && (
        <Notice tone="danger" role="alert" title="Look-alike address">
          This address starts and ends like{' '}
          {lookAlikes.map((entry, index) => (
            <span key={entry.key}>
              {index > 0 && ', '}
              <strong>
                {entry.nickname ||
                  ('approvalId' in entry ? 'an address held for approval' : 'a saved address')}
              </strong>
              {'approvalId' in entry && entry.nickname ? ' (held for approval)' : ''} (
              <AddressGroups address={entry.address} />)
            </span>
          ))}{' '}
          but is a different address. Address-poisoning attacks work this way: check every character
          with the recipient before you go on.
        </Notice>
      )}
      {trimmed && live?.valid && heldUnavailable && (
        <p className="muted small">{HELD_ADDRESSES_UNAVAILABLE}</p>
      )}
      {heldHere && (
        <Notice tone="warning" title="This address is waiting for approval">
          Withdrawals to it are refused until another operator approves it.{' '}
          <Link to={`/approvals/${encodeURIComponent(heldHere.approvalId)}`}>
            Open its approval request
          </Link>
        </Notice>
      )}
      {trimmed && !saved && !heldHere && live?.valid && (
        <p className="muted small">
          Not in the address book.{' '}
          <Link
            to={addressEditorUrl({
              cryptoNetwork: network,
              address: trimmed,
              identityId: identityId.trim(),
              returnTo,
            })}
          >
            Save it with Travel Rule data
          </Link>{' '}
          (this withdrawal is kept and waits for you here).
        </p>
      )}
    </div>
  );
}
