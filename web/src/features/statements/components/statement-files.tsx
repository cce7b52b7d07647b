import type { Statement } from '#contract/statements';
import { Card } from '#web/components/ui/card';
import { DateTime } from '#web/components/ui/date-time';
import { safeFileHref } from '../lib/unknown-fields';

/** The statement's files: a link only where the URL is safe to open, else the name alone. */
export function StatementFiles({ files }: { files: NonNullable<Statement['files']> }) {
  return (
    <Card title="Files" aria-label="Files">
      {files.length === 0 ? (
        <p className="muted">No files are attached to this statement.</p>
      ) : (
        <ul className="statement-detail__files">
          {files.map((file, index) => {
            const href = safeFileHref(file.url);
            const name = file.name ?? `File ${index + 1}`;
            return (
              <li key={`${file.url ?? ''}-${index}`}>
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {name}
                    {file.format ? ` (${file.format})` : ''}
                  </a>
                ) : (
                  <span>
                    {name} <span className="muted">(no downloadable link)</span>
                  </span>
                )}
                {file.expires_at && (
                  <span className="muted">
                    {' '}
                    · link expires <DateTime value={file.expires_at} />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
