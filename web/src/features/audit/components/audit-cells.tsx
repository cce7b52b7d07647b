import type { AuditChangeValue, AuditEvent } from '#contract/audit';
import { labelForRequestPath } from '#web/shared/destinations/address-field-labels';
import { auditTargetWords } from '../lib/audit-target';

/** Who did it: the operator, their roles then, and for an approved send who approved it. */
export function OperatorCell({ event: e }: { event: AuditEvent }) {
  return (
    <span className="stack-tight">
      <span className="mono">{e.operator_subject}</span>
      <span className="muted audit-roles">{e.roles.join(', ') || 'no roles'}</span>
      {e.approved_by && e.approved_by.length > 0 && (
        <span className="small">
          Approved by {e.approved_by.map((a) => `${a.name} (${a.subject})`).join(', ')}
        </span>
      )}
    </span>
  );
}

/** The target in words (network, shortened address, identity or memo); the raw key on hover. */
export function TargetCell({ event }: { event: AuditEvent }) {
  const words = auditTargetWords(event);
  return (
    <span className="stack-tight audit-target" title={words.raw}>
      <span>{words.text}</span>
      {words.detail && <span className="muted small">{words.detail}</span>}
    </span>
  );
}

const VALUE_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  bookmarked_status: { true: 'yes', false: 'no' },
  'travelrule_metadata.custodian_type': { VASP: 'a VASP', PRIVATE: 'self-hosted wallet' },
};

const valueWords = (path: string, value: string | undefined) =>
  value === undefined ? 'not set' : `“${VALUE_WORDS[path]?.[value] ?? value}”`;

/** One changed field: its label, and before → after where the trail keeps the values. */
function ChangedField({ path, values }: { path: string; values: AuditChangeValue | undefined }) {
  return (
    <span title={path}>
      {labelForRequestPath(path)}
      {values && (
        <span className="audit-change">
          : {valueWords(path, values.before)} → {valueWords(path, values.after)}
        </span>
      )}
    </span>
  );
}

/**
 * What an update changed: each field, with before → after for those whose values are not
 * personal data (nickname, bookmark, custody, VASP); Travel Rule personal data by name only.
 */
export function ChangesCell({ event: e }: { event: AuditEvent }) {
  if (e.changed_fields === undefined) return <span className="muted">—</span>;
  if (e.changed_fields.length === 0) return <span className="muted">Nothing changed</span>;
  const values = new Map((e.change_values ?? []).map((change) => [change.path, change]));
  return (
    <span className="stack-tight">
      {e.changed_fields.map((path) => (
        <ChangedField key={path} path={path} values={values.get(path)} />
      ))}
    </span>
  );
}
