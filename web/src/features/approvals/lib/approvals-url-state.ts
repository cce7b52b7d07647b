import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  type ApprovalKind,
  type ApprovalStatus,
} from '#contract/approvals';
import type { ApprovalFilters } from '#web/shared/approvals/approvals-api';

/** The queue's filters and its cursor stack, held in the URL so a link reproduces the view. */
interface ApprovalsView {
  filters: ApprovalFilters;
  /** The cursors that led to this page (page 1: none). */
  cursors: string[];
}

/** "Older than" choices, in minutes (the BFF filters on the request's age). */
export const AGE_OPTIONS = [
  { value: '60', label: 'Older than 1 hour' },
  { value: '240', label: 'Older than 4 hours' },
  { value: '720', label: 'Older than 12 hours' },
  { value: '1440', label: 'Older than 1 day' },
] as const;

const isKind = (v: string): v is ApprovalKind => (APPROVAL_KINDS as readonly string[]).includes(v);
const isStatus = (v: string): v is ApprovalStatus =>
  (APPROVAL_STATUSES as readonly string[]).includes(v);

export function viewFromSearch(search: URLSearchParams): ApprovalsView {
  const filters: ApprovalFilters = {};
  const kind = search.get('kind') ?? '';
  if (isKind(kind)) filters.kind = kind;
  const status = search.get('status') ?? '';
  if (isStatus(status)) filters.status = status;
  const initiator = search.get('initiator')?.trim();
  if (initiator) filters.initiator = initiator;
  const age = search.get('older_than_minutes') ?? '';
  if (/^\d{1,6}$/.test(age)) filters.older_than_minutes = Number(age);
  return { filters, cursors: search.getAll('cursor').filter((c) => c !== '') };
}

export function searchFromView(view: ApprovalsView): URLSearchParams {
  const params = new URLSearchParams();
  const { kind, status, initiator, older_than_minutes } = view.filters;
  if (kind) params.set('kind', kind);
  if (status) params.set('status', status);
  if (initiator?.trim()) params.set('initiator', initiator.trim());
  if (older_than_minutes !== undefined)
    params.set('older_than_minutes', String(older_than_minutes));
  for (const cursor of view.cursors) params.append('cursor', cursor);
  return params;
}
