import { ListAuditQuerySchema, type ListAuditQuery } from '#contract/audit';
import { currentCursor } from '#web/lib/cursor-pages';

// The audit page keeps its filters and its stack of page cursors in the URL (links reproduce the
// view; Back works). Times are UTC instants in the URL (ISO 8601) and UTC in the form.

export const AUDIT_PAGE_SIZE = 100;

export interface AuditFilters {
  operator: string;
  action: string;
  /** ISO 8601 UTC, or '' for no bound. */
  from: string;
  to: string;
}

export interface AuditView {
  filters: AuditFilters;
  cursors: string[];
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { operator: '', action: '', from: '', to: '' };

const isInstant = (value: string) => ListAuditQuerySchema.shape.from.safeParse(value).success;

export function parseAuditSearch(params: URLSearchParams): AuditView {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    filters: {
      operator: (params.get('operator') ?? '').trim(),
      action: (params.get('action') ?? '').trim(),
      // A hand-edited time that is not an instant is dropped rather than sent and refused.
      from: from && isInstant(from) ? from : '',
      to: to && isInstant(to) ? to : '',
    },
    cursors: params.getAll('cursor').filter((c) => c !== ''),
  };
}

export function auditSearch(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['operator', 'action', 'from', 'to'] as const) {
    if (view.filters[key]) params.set(key, view.filters[key]);
  }
  for (const cursor of view.cursors) params.append('cursor', cursor);
  return params;
}

export function toAuditQuery(view: AuditView): ListAuditQuery {
  const { operator, action, from, to } = view.filters;
  return {
    operator: operator || undefined,
    action: action || undefined,
    from: from || undefined,
    to: to || undefined,
    limit: AUDIT_PAGE_SIZE,
    cursor: currentCursor(view.cursors),
  };
}

/** The export covers every matching event: the filters, no page. */
export function auditExportSearch(filters: AuditFilters): URLSearchParams {
  return auditSearch({ filters, cursors: [] });
}

// ---- <input type="datetime-local">, read as UTC ----

/** "2026-11-01T10:30" (typed as UTC) → "2026-11-01T10:30:00.000Z"; '' stays ''. */
export function utcInputToIso(value: string): string | undefined {
  if (value.trim() === '') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '00'] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const date = new Date(ms);
  // Rejects dates such as February 30, which Date.UTC would roll into March.
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(mo) - 1) return undefined;
  return date.toISOString();
}

/** The inverse, for showing the URL's instant in the form (UTC, minutes). */
export function isoToUtcInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toISOString().slice(0, 16);
}

export interface AuditDraft {
  operator: string;
  action: string;
  from: string;
  to: string;
}

type AuditDraftResult =
  | { ok: true; filters: AuditFilters }
  | { ok: false; errors: Partial<Record<keyof AuditDraft, string>> };

export function validateAuditDraft(draft: AuditDraft): AuditDraftResult {
  const errors: Partial<Record<keyof AuditDraft, string>> = {};
  const from = utcInputToIso(draft.from);
  const to = utcInputToIso(draft.to);
  if (from === undefined) errors.from = 'Enter a date and time such as 2026-11-01 09:00';
  if (to === undefined) errors.to = 'Enter a date and time such as 2026-11-01 18:00';
  if (from && to && from > to) errors.to = 'The end of the range is before its start';
  const operator = draft.operator.trim();
  const action = draft.action.trim();
  const parsed = ListAuditQuerySchema.safeParse({
    operator: operator || undefined,
    action: action || undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === 'operator' || key === 'action') && !errors[key]) errors[key] = issue.message;
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, filters: { operator, action, from: from ?? '', to: to ?? '' } };
}
