import type { AddressDiffEntry } from '#contract/approvals';
import { labelForRequestPath } from '#web/shared/destinations/address-field-labels';
import { isVaspIdPath, valueWords } from '#web/shared/destinations/address-value-words';
import { VaspName } from '#web/shared/destinations/vasp-name';

/**
 * A value of the diff in the form's words ("Germany (DEU)", "Self-hosted wallet", a VASP's name):
 * absent says "not set", objects are written out key by key.
 */
function ValueText({ value, path = '' }: { value: unknown; path?: string }) {
  if (value === undefined || value === null || value === '')
    return <span className="muted">not set</span>;
  if (typeof value === 'string' && isVaspIdPath(path)) return <VaspName id={value} />;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return <span>{valueWords(path, String(value))}</span>;
  if (Array.isArray(value)) return <span className="mono">{value.map(String).join(', ')}</span>;
  // A nested part that changed as a whole (a new beneficiary): its fields, one per line.
  return (
    <ul className="plain-list">
      {Object.entries(value as Record<string, unknown>).map(([key, inner]) => (
        <li key={key}>
          {key}: <ValueText value={inner} path={`${path}.${key}`} />
        </li>
      ))}
    </ul>
  );
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
                {labelForRequestPath(entry.path)}
              </th>
              <td>
                {entry.before === undefined ? (
                  <span className="muted">not set</span>
                ) : (
                  <del>
                    <ValueText value={entry.before} path={entry.path} />
                  </del>
                )}
              </td>
              <td>
                {entry.after === undefined ? (
                  <span className="muted">removed</span>
                ) : (
                  <ins>
                    <ValueText value={entry.after} path={entry.path} />
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
