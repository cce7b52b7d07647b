import type { AddressDiffEntry } from '#contract/approvals';

/** A value of the diff in words: absent says "not set", objects are written out key by key. */
function ValueText({ value }: { value: unknown }) {
  if (value === undefined || value === null || value === '')
    return <span className="muted">not set</span>;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return <span className="mono">{String(value)}</span>;
  if (Array.isArray(value)) return <span className="mono">{value.map(String).join(', ')}</span>;
  // A nested part that changed as a whole (a new beneficiary): its fields, one per line.
  return (
    <ul className="plain-list">
      {Object.entries(value as Record<string, unknown>).map(([key, inner]) => (
        <li key={key}>
          {key}: <ValueText value={inner} />
        </li>
      ))}
    </ul>
  );
}

/** "travelrule_metadata.beneficiary.person_details.first_name" → "Beneficiary › Person details › First name" */
function fieldLabel(path: string): string {
  return path
    .replace(/^travelrule_metadata\./, '')
    .split('.')
    .map((part) => {
      const words = part.replace(/_/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' › ');
}

/** What an address change changes, as a before / after table (no raw JSON). */
export function AddressDiffTable({ diff }: { diff: readonly AddressDiffEntry[] }) {
  if (diff.length === 0) return <p className="muted">No field changes recorded.</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Changes">
      <table className="diff-table">
        <caption className="visually-hidden">What the change sets, field by field</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {diff.map((entry) => (
            <tr key={entry.path}>
              <th scope="row" title={entry.path}>
                {fieldLabel(entry.path)}
              </th>
              <td>
                {entry.before === undefined ? (
                  <span className="muted">not set</span>
                ) : (
                  <del>
                    <ValueText value={entry.before} />
                  </del>
                )}
              </td>
              <td>
                {entry.after === undefined ? (
                  <span className="muted">removed</span>
                ) : (
                  <ins>
                    <ValueText value={entry.after} />
                  </ins>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
