import { describe, expect, it } from 'vitest';
import {
  EMPTY_AUDIT_FILTERS,
  auditSearch,
  isoToUtcInput,
  parseAuditSearch,
  toAuditQuery,
  utcInputToIso,
  validateAuditDraft,
} from './audit-url-state';

describe('audit URL state', () => {
  it('round-trips filters and cursors', () => {
    const view = {
      filters: {
        operator: 'dev|local',
        action: 'withdrawal.submit',
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-02T12:30:00.000Z',
      },
      cursors: ['c1', 'c2'],
    };
    expect(parseAuditSearch(new URLSearchParams(auditSearch(view).toString()))).toEqual(view);
    expect(toAuditQuery(view)).toMatchObject({ cursor: 'c2', limit: 100, operator: 'dev|local' });
  });

  it('drops a time that is not an instant', () => {
    expect(parseAuditSearch(new URLSearchParams('from=yesterday')).filters).toEqual(
      EMPTY_AUDIT_FILTERS,
    );
  });
});

describe('UTC time inputs', () => {
  it('reads the form value as UTC', () => {
    expect(utcInputToIso('2026-11-01T09:05')).toBe('2026-11-01T09:05:00.000Z');
    expect(utcInputToIso('')).toBe('');
    expect(utcInputToIso('2026-02-30T10:00')).toBeUndefined();
    expect(isoToUtcInput('2026-11-01T09:05:00.000Z')).toBe('2026-11-01T09:05');
  });

  it('refuses a range that ends before it starts', () => {
    expect(
      validateAuditDraft({
        operator: '',
        action: '',
        from: '2026-11-02T00:00',
        to: '2026-11-01T00:00',
      }),
    ).toEqual({ ok: false, errors: { to: 'The end of the range is before its start' } });
    expect(
      validateAuditDraft({ operator: ' op ', action: '', from: '2026-11-01T00:00', to: '' }),
    ).toEqual({
      ok: true,
      filters: { operator: 'op', action: '', from: '2026-11-01T00:00:00.000Z', to: '' },
    });
  });
});
