import { Link } from 'react-router';
import type { DestinationListItem } from '#contract/destinations';
import type { AddressValidation } from '#contract/networks';
import { CRYPTO_NETWORK_LABELS, isKnownCryptoNetwork } from '#contract/crypto-network';
import { Notice } from '#web/components/ui/notice';
import { SelectField } from '#web/components/ui/select-field';
import { TextField, type TextFieldProps } from '#web/components/ui/text-field';
import { coolingOffWords } from '#web/lib/cooling-off-words';
import { HELD_ADDRESSES_UNAVAILABLE } from '#web/shared/approvals/held-addresses';
import { AddressGroups } from '#web/shared/destinations/address-groups';
import { SERVICE_ADDRESSES_UNREAD } from '#web/shared/destinations/registry-look-alikes';
import { destinationStateWords } from '#web/shared/destinations/destination-state-words';
import { useServiceAddress } from '#web/shared/destinations/service-address-facts';
import { useDestinationForecast } from '../api/forecast-api';
import { useDestinationCheck } from '../lib/use-destination-check';
import { addressEditorUrl } from '../lib/withdrawal-links';
import { ForecastRefusalNotice } from './forecast-refusal-notice';
import { unnamedDestination } from '#web/shared/destinations/registry-look-alikes';
import type { KnownAddress } from '../lib/use-destination-check';

interface DestinationFieldProps {
  network: string;
  address: string;
  identityId: string;
  allowTestnet: boolean;
  /** The form's own error (after a submit attempt or from the server). */
  error?: string | undefined;
  /** react-hook-form's register('destination_address'). */
  input: Omit<TextFieldProps, 'label'>;
  onPick: (entry: DestinationListItem) => void;
  /** Where the address editor comes back to. */
  returnTo: string;
}

const entryLabel = (entry: DestinationListItem) =>
  `${entry.nickname || 'Unnamed'} · ${entry.address.slice(0, 10)}…${entry.address.slice(-6)}${
    entry.identity_id ? ` · identity ${entry.identity_id.slice(0, 8)}` : ''
  }${entry.source === 'service' ? ' · saved at the service' : ''}`;

/** The field's hint: the saved entry it matches, else the validator's word, else how to check. */
function destinationHint(
  network: string,
  saved: DestinationListItem | undefined,
  live: AddressValidation | undefined,
): string {
  // Approved recently: the policy's cooling-off period keeps withdrawals away until this instant.
  const cooling = saved?.receivable_from ? coolingOffWords(saved.receivable_from) : undefined;
  if (saved)
    return `${destinationStateWords(saved.source === 'service' ? { service: saved } : { book: saved })}${saved.has_travel_rule ? ' · Travel Rule data on file' : ' · no Travel Rule data yet'}${cooling ? ` · newly approved (cooling-off): ${cooling}` : ''}`;
  if (live?.valid)
    return `A valid ${CRYPTO_NETWORK_LABELS[network as keyof typeof CRYPTO_NETWORK_LABELS] ?? network} address${live.testnet ? ' (testnet)' : ''}`;
  return 'Paste the address, then compare it group by group with the recipient’s copy';
}

/**
 * The destination: typed or picked from the address book, validated as it is typed, matched
 * against the book (saved, Travel Rule on file) and checked for look-alikes of saved addresses.
 */
export function DestinationField(props: DestinationFieldProps) {
  const { network, identityId, error, input, onPick, returnTo } = props;
  const check = useDestinationCheck(props);
  const { trimmed, live, saved, heldHere } = check;
  const liveError = live && !live.valid ? live.reason : undefined;
  // Not in the book: the service may hold it (issue 26 item 8: one wording for one fact).
  const unsaved = !!trimmed && !saved && !heldHere && live?.valid === true;
  const service = useServiceAddress(
    unsaved ? { network, address: trimmed, identityId } : undefined,
    unsaved,
  );
  // What the BFF's gate says of this destination (issue 42 item 2): refused, said here.
  const forecast = useDestinationForecast(
    trimmed && live?.valid && isKnownCryptoNetwork(network)
      ? {
          crypto_network: network,
          destination_address: trimmed,
          ...(identityId.trim() ? { identity_id: identityId.trim() } : {}),
        }
      : undefined,
  );
  const refusal = forecast.data?.refusal;
  return (
    <div className="stack stack--tight form-grid__wide">
      <SavedAddressPicker network={network} check={check} onPick={onPick} />
      <TextField
        {...input}
        label="Destination address"
        required
        mono
        autoComplete="off"
        spellCheck={false}
        hint={destinationHint(network, saved, live)}
        error={error ?? liveError}
      />
      {trimmed && live?.valid && (
        <p className="muted small">
          In groups of four: <AddressGroups address={trimmed} />
        </p>
      )}
      <LookAlikeNotice lookAlikes={check.lookAlikes} />
      {trimmed && live?.valid && check.heldUnavailable && (
        <p className="muted small">{HELD_ADDRESSES_UNAVAILABLE}</p>
      )}
      {trimmed && live?.valid && check.serviceUnread && (
        <p className="muted small">{SERVICE_ADDRESSES_UNREAD}</p>
      )}
      {heldHere && (
        <Notice tone="warning" title="This address is waiting for approval">
          Withdrawals to it are refused until another operator approves it.{' '}
          <Link to={`/approvals/${encodeURIComponent(heldHere.approvalId)}`}>
            Open its approval request
          </Link>
        </Notice>
      )}
      {refusal && (
        <ForecastRefusalNotice
          refusal={refusal}
          destination={{
            cryptoNetwork: network,
            address: trimmed,
            ...(identityId.trim() ? { identityId: identityId.trim() } : {}),
          }}
          returnTo={returnTo}
        />
      )}
      {unsaved && !refusal && (
        <UnsavedDestinationWords
          network={network}
          address={trimmed}
          identityId={identityId}
          service={service}
          returnTo={returnTo}
        />
      )}
    </div>
  );
}

/** The typed address starts and ends like a saved or held one: the poisoning warning, by name. */
function LookAlikeNotice({ lookAlikes }: { lookAlikes: readonly KnownAddress[] }) {
  if (lookAlikes.length === 0) return null;
  return (
    <Notice tone="danger" role="alert" title="Look-alike address">
      This address starts and ends like{' '}
      {lookAlikes.map((entry, index) => (
        <span key={entry.key}>
          {index > 0 && ', '}
          <strong>{entry.nickname || unnamedDestination(entry)}</strong>
          {'approvalId' in entry && entry.approvalId && entry.nickname
            ? ' (held for approval)'
            : ''}
          {'source' in entry && entry.source === 'service' && entry.nickname
            ? ' (saved at the service)'
            : ''}{' '}
          (
          <AddressGroups address={entry.address} />)
        </span>
      ))}{' '}
      but is a different address. Address-poisoning attacks work this way: check every character
      with the recipient before you go on.
    </Notice>
  );
}

/** The picker: every approved destination on the network, the service's own included. */
function SavedAddressPicker({
  network,
  check,
  onPick,
}: {
  network: string;
  check: ReturnType<typeof useDestinationCheck>;
  onPick: (entry: DestinationListItem) => void;
}) {
  const { onNetwork, saved } = check;
  return (
    <SelectField
      label="Pick a saved address"
      options={onNetwork.map((entry) => ({ value: entry.key, label: entryLabel(entry) }))}
      placeholder={
        network === ''
          ? 'Choose the network first'
          : check.bookUnavailable
            ? 'Address book unavailable'
            : onNetwork.length === 0
              ? 'No saved address on this network'
              : 'Choose a saved address'
      }
      disabled={onNetwork.length === 0}
      value={saved?.key ?? ''}
      hint={check.bookUnavailable ? 'Type the address instead.' : undefined}
      onChange={(event) => {
        const entry = onNetwork.find((e) => e.key === event.target.value);
        if (entry) onPick(entry);
      }}
    />
  );
}

/**
 * A valid address no picker entry holds: where it is saved, in the one wording, and the way to
 * save it with Travel Rule data, unless the service holds it with that data (issue 42 item 3).
 */
function UnsavedDestinationWords({
  network,
  address,
  identityId,
  service,
  returnTo,
}: {
  network: string;
  address: string;
  identityId: string;
  service: ReturnType<typeof useServiceAddress>;
  returnTo: string;
}) {
  return (
    <p className="muted small">
      {destinationStateWords({
        service: service.address?.address,
        serviceUnread: service.status === 'unavailable',
      })}
      {service.address?.travel_rule === 'complete' ? (
        ' · Travel Rule data on file.'
      ) : (
        <>
          .{' '}
          <Link
            to={addressEditorUrl({
              cryptoNetwork: network,
              address,
              identityId: identityId.trim(),
              returnTo,
            })}
          >
            Save it with Travel Rule data
          </Link>{' '}
          (this withdrawal is kept and waits for you here).
        </>
      )}
    </p>
  );
}
