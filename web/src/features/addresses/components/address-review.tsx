import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment } from 'react';
import type { PutCryptoDestinationAddressRequest } from '#contract/destination-addresses';
import type { AddressBookEntry } from '#contract/address-book';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { useServiceAddress } from '#web/shared/destinations/service-address-facts';
import { Notice } from '#web/components/ui/notice';
import { comparableFromSaved, diffAddress, type FieldChange } from '../lib/address-diff';
import { isVaspIdPath, valueWords } from '#web/shared/destinations/address-value-words';
import { VaspName } from '#web/shared/destinations/vasp-name';
import { labelForRequestPath, unknownTravelRuleFields } from '../lib/address-labels';
import { networkLabel } from '../lib/network-label';

interface AddressReviewProps {
  body: PutCryptoDestinationAddressRequest;
  /** The address book entry with the same key: what this save updates (null: a new address). */
  existing: UseQueryResult<AddressBookEntry | null>;
  onBack: () => void;
  onSave: () => void;
  saving: boolean;
  saveError: unknown;
  /** Why saving must wait (e.g. an unconfirmed look-alike warning); undefined when it need not. */
  saveBlocked?: string | undefined;
}

/** A value in the form's words (one map with the approval's diff: address-value-words.ts). */
function Value({ value, path }: { value: string | undefined; path: string }) {
  if (value === undefined) return <span className="muted">not set</span>;
  if (isVaspIdPath(path)) return <VaspName id={value} />;
  return <span>{valueWords(path, value)}</span>;
}

/** Every field the save sends, in words (the JSON stays one click away for whoever needs it). */
function SentSummary({ body }: { body: PutCryptoDestinationAddressRequest }) {
  const fields = diffAddress({}, body as Record<string, unknown>);
  return (
    <dl className="detail-list" aria-label="What will be saved">
      {fields.map((field) => (
        <Fragment key={field.path}>
          <dt>{labelForRequestPath(field.path)}</dt>
          <dd>
            {field.after === undefined ? '' : <Value value={field.after} path={field.path} />}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

function ChangesTable({ changes }: { changes: FieldChange[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="What this save changes">
      <table className="data-table">
        <caption className="visually-hidden">Fields this save changes</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Saved now</th>
            <th scope="col">After this save</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path}>
              <th scope="row">{labelForRequestPath(change.path)}</th>
              <td className="address-diff-before" data-label="Saved now">
                <Value value={change.before} path={change.path} />
              </td>
              <td className="address-diff-after" data-label="After this save">
                <Value value={change.after} path={change.path} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UpsertOutcome({ existing, body }: Pick<AddressReviewProps, 'existing' | 'body'>) {
  // Not in this console's book: the service may hold it already (saved elsewhere), and then the
  // save updates that one.
  const service = useServiceAddress(
    body.crypto_network && body.address
      ? { network: body.crypto_network, address: body.address, identityId: body.identity_id }
      : undefined,
    existing.isSuccess && !existing.data,
  );
  if (existing.isPending) {
    return (
      <Notice role="status" title="Checking the address book">
        Looking for an address saved with this key…
      </Notice>
    );
  }
  if (existing.isError) {
    return (
      <Notice
        tone="warning"
        role="alert"
        title="Could not check whether this address is saved already"
      >
        <p>
          Saving still creates the address or updates the one with this key.{' '}
          {existing.error.message}
        </p>
        <Button size="small" onClick={() => void existing.refetch()} busy={existing.isFetching}>
          Check again
        </Button>
      </Notice>
    );
  }
  const entry = existing.data;
  if (!entry && service.status === 'loading') {
    return (
      <Notice role="status" title="Checking the service's saved addresses">
        Looking for this address among those the service holds…
      </Notice>
    );
  }
  if (!entry && service.address) {
    const upstream = service.address.address;
    return (
      <UpdatePreview
        body={body}
        savedAddress={upstream.address}
        upstream={upstream}
        name={upstream.nickname || upstream.address}
        where=" (saved at the service, not through this console)"
      />
    );
  }
  if (!entry) {
    return (
      <Notice tone="info" role="status" title="Will create a new saved address">
        No address is saved with this network, address and identity id
        {service.status === 'unavailable'
          ? " in this console's address book (the service's saved addresses could not be read)"
          : ''}
        .
      </Notice>
    );
  }
  return (
    <UpdatePreview
      body={body}
      savedAddress={entry.address}
      upstream={entry.upstream}
      name={entry.nickname ?? entry.upstream.nickname ?? entry.address}
    />
  );
}

/** An upsert of a saved address: what changes, and what the save cannot keep. */
function UpdatePreview({
  body,
  savedAddress,
  upstream,
  name,
  where = '',
}: {
  body: AddressReviewProps['body'];
  savedAddress: string;
  upstream: AddressBookEntry['upstream'];
  name: string;
  where?: string;
}) {
  // The same address written another way (EIP-55 or lower case, with or without a CashAddr
  // prefix) is this entry; the new spelling is what the service will hold, so it is a change.
  const spelling: FieldChange[] =
    body.address !== undefined && body.address !== savedAddress
      ? [{ path: 'address', before: savedAddress, after: body.address }]
      : [];
  const changes = [...spelling, ...diffAddress(comparableFromSaved(upstream), body)];
  const saved = upstream.travelrule_metadata;
  const unsendable = body.travelrule_metadata && saved ? unknownTravelRuleFields(saved) : [];
  return (
    <div className="stack">
      <Notice tone="warning" role="status" title={`Will update “${name}”${where}`}>
        {changes.length === 0
          ? 'Nothing changes: the saved address already holds exactly this.'
          : `${changes.length} ${changes.length === 1 ? 'field changes' : 'fields change'}.`}{' '}
        {body.travelrule_metadata
          ? 'The Travel Rule data sent replaces the saved one as a whole.'
          : 'No Travel Rule data is sent: the saved one stays as it is.'}
      </Notice>
      {changes.length > 0 && <ChangesTable changes={changes} />}
      {unsendable.length > 0 && (
        <Notice tone="warning" role="status" title="Saved fields this save cannot keep">
          <p>
            The saved Travel Rule data holds fields the service&apos;s request has no place for.
            This save replaces the Travel Rule data as a whole, so they are not kept:
          </p>
          <ul>
            {unsendable.map(([path, value]) => (
              <li key={path}>
                <code>{path}</code>: <span className="mono">{value}</span>
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}

/** Shows exactly what will be sent, and whether it creates or updates which address. */
export function AddressReview({
  body,
  existing,
  onBack,
  onSave,
  saving,
  saveError,
  saveBlocked,
}: AddressReviewProps) {
  return (
    <div className="stack">
      <Card title="What the save does">
        <div className="stack">
          <p>
            Saving is an <strong>upsert</strong> on (network, address, identity id): it creates the
            address, or updates the one already saved with the same three values.
          </p>
          <dl className="detail-list">
            <dt>Network</dt>
            <dd>{networkLabel(body.crypto_network)}</dd>
            <dt>Address</dt>
            <dd className="mono">{body.address}</dd>
            <dt>Identity id</dt>
            <dd>
              {body.identity_id ? (
                <span className="mono">{body.identity_id}</span>
              ) : (
                <span className="muted">None (first-party address)</span>
              )}
            </dd>
          </dl>
          <UpsertOutcome existing={existing} body={body} />
        </div>
      </Card>
      <Card title="Exactly what will be sent">
        <p className="muted">
          The body of <code>PUT /v2/transfer/crypto-destination-address</code>
          {body.nickname === undefined && '; with no nickname, the service makes one up'}.
        </p>
        <SentSummary body={body} />
        <details className="address-json-details">
          <summary>The request body as JSON</summary>
          <pre className="address-json" aria-label="Request body" tabIndex={0}>
            {JSON.stringify(body, null, 2)}
          </pre>
        </details>
      </Card>
      {saveError !== undefined && saveError !== null && (
        <div className="stack">
          <ErrorState error={saveError} />
          <p className="muted">
            Saving again is safe: the same body updates the same address, it never makes a second
            one.
          </p>
        </div>
      )}
      {saveBlocked && <p className="muted">{saveBlocked}</p>}
      <div className="row row--end">
        <Button onClick={onBack} disabled={saving}>
          Back to edit
        </Button>
        <Button
          variant="primary"
          onClick={onSave}
          busy={saving}
          disabled={saveBlocked !== undefined}
        >
          Save address
        </Button>
      </div>
    </div>
  );
}
