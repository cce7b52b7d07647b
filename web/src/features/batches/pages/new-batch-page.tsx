import { useMutation } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { BATCH_TEMPLATE_CSV } from '#contract/batch-file';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { Notice } from '#web/components/ui/notice';
import { PageHeader } from '#web/components/ui/page-header';
import { useMe } from '#web/lib/session';
import { uploadBatch } from '../api/batch-api';
import { BatchErrorList } from '../components/batch-error-list';
import { saveBlob } from '#web/lib/save-blob';
import { validateBatchFile, type BrowserValidation } from '../lib/validate-batch-file';
import '../batches.css';
import { PAGE_INTROS } from '#web/shared/page-intros';

interface ChosenFile {
  name: string;
  text: string;
  validation: BrowserValidation;
}

/**
 * A batch of withdrawals from a CSV file: choose or drop the file, see every row checked here
 * (line, column, message) with the same schema as a single withdrawal, then upload it for review
 * (the BFF checks it again and keeps it as a draft batch).
 */
export function NewBatchPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [file, setFile] = useState<ChosenFile>();
  const upload = useMutation({
    mutationFn: uploadBatch,
    onSuccess: (batch) => void navigate(`/batches/${batch.id}`),
  });

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const text = await chosen.text();
    setFile({
      name: chosen.name,
      text,
      validation: validateBatchFile(text, me.environment.allow_testnet),
    });
    upload.reset();
  }

  return (
    <>
      <PageHeader
        title={PAGE_INTROS.newBatch.title}
        description={PAGE_INTROS.newBatch.description}
        actions={
          <>
            <ButtonLink to="/batches" variant="secondary">
              Batches
            </ButtonLink>
            <Button
              onClick={() =>
                saveBlob(
                  new Blob([BATCH_TEMPLATE_CSV], { type: 'text/csv' }),
                  'withdrawal-batch-template.csv',
                )
              }
            >
              Download template
            </Button>
          </>
        }
      />
      <div className="stack">
        <FileDropCard onChoose={(chosen) => void choose(chosen)} />
        {file && (
          <ChosenFileCard
            file={file}
            onUpload={() => upload.mutate(file.text)}
            busy={upload.isPending}
          />
        )}
        {upload.isError && (
          <ErrorState error={upload.error} title="The file could not be uploaded" />
        )}
      </div>
    </>
  );
}

/** The file input, which also takes a file dropped on it. */
function FileDropCard({ onChoose }: { onChoose: (file: File | undefined) => void }) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onChoose(event.dataTransfer.files[0]);
  };
  return (
    <Card title="File" headingLevel={2} aria-label="File">
      <div
        className={`batch-drop${dragging ? ' batch-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor="batch-file">CSV file (or drop it here)</label>
        <input
          id="batch-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => onChoose(e.target.files?.[0])}
        />
        <p className="muted small">
          Columns: profile (its id or nickname), asset, network, destination, amount or total, memo,
          metadata (<span className="mono">key=value;key=value</span> or a JSON object), ref_id
          (optional: else <span className="mono">batch-&lt;batch id&gt;-&lt;row&gt;</span>).
        </p>
      </div>
    </Card>
  );
}

function ChosenFileCard({
  file,
  onUpload,
  busy,
}: {
  file: ChosenFile;
  onUpload: () => void;
  busy: boolean;
}) {
  const { validation } = file;
  const bad = validation.errors.length > 0;
  return (
    <Card title="Checked in the browser" headingLevel={2} aria-label="Checked in the browser">
      <Notice tone={bad ? 'warning' : 'success'} role="status">
        {file.name}: {validation.rows} rows, {validation.valid} valid
        {bad
          ? `, ${validation.errors.length} error(s): fix the file, or upload it and drop the rows.`
          : '.'}
      </Notice>
      {bad && <BatchErrorList errors={validation.errors} />}
      <div className="batch-actions">
        <Button variant="primary" onClick={onUpload} busy={busy} disabled={validation.rows === 0}>
          Upload for review
        </Button>
      </div>
    </Card>
  );
}
