import type { ReactNode } from 'react';
import { CopyableText } from '#web/components/ui/copy-button';

/** One term of a statement's detail list; a missing value shows as a dash. */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children ?? <span className="muted">—</span>}</dd>
    </>
  );
}

/** An id with its copy button, or nothing when the statement has none. */
export const copyable = (value: string | undefined, label: string) =>
  value ? <CopyableText value={value} label={label} /> : undefined;
