import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import type { AddressImportResponse } from '#contract/address-import';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CheckboxField } from '#web/components/ui/checkbox-field';
import { ErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { RoleGate } from '#web/shared/roles/role-gate';
import { ImportRowsTable } from '../components/import-rows-table';
import { useAddressImport } from '../lib/use-address-import';
import '../addresses.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

const n = (count: number) => count.toLocaleString('en-US');

/** What the file asks for, in one line. */
export function ImportCounts({ preview }: { preview: AddressImportResponse }) {
  const c = preview.import.counts;
  return (
    <p role="status">
      {n(c.rows)} rows: {n(c.create)} new, {n(c.update)} updates, {n(c.unchanged)} unchanged,{' '}
      {n(c.invalid)} invalid; {n(c.look_alike)}{' '}
      {c.look_alike === 1 ? 'looks like a known destination' : 'look like a known destination'}.
    </p>
  );
}

/** Apply: refused while a row is invalid; look-alikes need the operator's word. */
function ApplyPanel({
  preview,
  onApply,
  pending,
  onRecheck,
  rechecking,
}: {
  preview: AddressImportResponse;
  onApply: (confirm: boolean) => void;
  pending: boolean;
  onRecheck: () => void;
  rechecking: boolean;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const c = preview.import.counts;
  if (preview.import.status === 'applied') {
    const held = preview.rows.some((row) => row.outcome === 'awaiting_approval');
    return (
      <Notice tone="success" title="The file is applied">
        <p>
          Each row&rsquo;s outcome is in the table. Rows held for approval wait under{' '}
          <Link to="/approvals">Approvals</Link>; the table says what became of each request.
        </p>
        {held && (
          <div className="row">
            <Button busy={rechecking} onClick={onRecheck}>
              Check the approvals again
            </Button>
          </div>
        )}
      </Notice>
    );
  }
  if (c.invalid > 0)
    return (
      <Notice tone="danger" title={`${n(c.invalid)} invalid row(s): nothing is saved`}>
        Fix the rows named below (line and column) or remove them, then check the file again.
      </Notice>
    );
  const toSave = c.create + c.update;
  if (toSave === 0)
    return <Notice title="Nothing to save">Every row matches what is saved already.</Notice>;
  return (
    <div className="stack stack--tight">
      {c.look_alike > 0 && (
        <Notice tone="danger" role="alert" title="Look-alike addresses">
          <p>
            {n(c.look_alike)} row(s) start and end like a destination the console knows, but are
            another address. Address-poisoning attacks work this way: check every character with the
            recipient before saving.
          </p>
          <CheckboxField
            label="I checked the look-alike addresses with their recipients"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
          />
        </Notice>
      )}
      <p className="muted small">
        Each row is saved as the address editor saves it: a new address or a Travel Rule change the
        approval policy holds waits as its own approval request.
      </p>
      <div className="row">
        <Button
          variant="primary"
          busy={pending}
          disabled={c.look_alike > 0 && !confirmed}
          onClick={() => onApply(confirmed)}
        >
          Save {n(toSave)} address{toSave === 1 ? '' : 'es'}
        </Button>
      </div>
    </div>
  );
}

/**
 * Import an address file (issue 28 item 2): the file goes to the BFF, which checks every row
 * with the editor's schema and answers a preview (create or update with its diff, problems by
 * line and column, look-alikes); Save applies it through the editor's own path.
 */
export function AddressImportPage() {
  return (
    <div className="stack">
      <PageHeader
        title={PAGE_INTROS.addressImport.title}
        description={PAGE_INTROS.addressImport.description}
        back={{ to: '/addresses', label: 'Back to addresses' }}
      />
      <RoleGate
        roles={['address-editor']}
        action="Importing addresses"
        instead="You can still export the address book from the Addresses page."
      >
        <ImportForm />
      </RoleGate>
    </div>
  );
}

/** The file, its preview and apply. */
function ImportForm() {
  const inputId = useId();
  const [file, setFile] = useState<File | undefined>();
  const { preview, setPreview, upload, apply, more, recheck } = useAddressImport();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) {
      apply.reset();
      upload.mutate(file);
    }
  };
  return (
    <>
      <Card title="Address file">
        <form className="stack stack--tight" onSubmit={submit}>
          <div className="field">
            <label htmlFor={inputId} className="field__label">
              CSV file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setPreview(undefined);
              }}
            />
            <p className="field__hint">
              Columns (the export&rsquo;s own): <code>{ADDRESS_CSV_COLUMNS.join(', ')}</code>.{' '}
              <code>network</code> and <code>address</code> are required.
            </p>
          </div>
          <div className="row">
            <Button type="submit" busy={upload.isPending} disabled={!file}>
              Check the file
            </Button>
          </div>
        </form>
        {upload.isError && (
          <ErrorState error={upload.error} title="The file was not checked" headingLevel={3} />
        )}
      </Card>
      {preview && (
        <Card title="Preview" aria-label="Preview">
          <ImportCounts preview={preview} />
          <ApplyPanel
            preview={preview}
            pending={apply.isPending}
            onApply={(confirm) => apply.mutate({ id: preview.import.id, confirm })}
            rechecking={recheck.isPending}
            onRecheck={() => recheck.mutate({ id: preview.import.id, rows: preview.rows.length })}
          />
          {recheck.isError && (
            <ErrorState
              error={recheck.error}
              title="The approvals were not read"
              headingLevel={3}
            />
          )}
          {apply.isError && (
            <ErrorState error={apply.error} title="The file was not saved" headingLevel={3} />
          )}
          <ImportRowsTable rows={preview.rows} />
          {preview.next_line !== undefined && (
            <Button
              busy={more.isPending}
              onClick={() =>
                preview.next_line !== undefined &&
                more.mutate({ id: preview.import.id, after: preview.next_line })
              }
            >
              More rows
            </Button>
          )}
        </Card>
      )}
    </>
  );
}
