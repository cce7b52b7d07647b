import { describe, expect, it } from 'vitest';
import { ActivityItemSchema } from '#contract/activity';
import { ELSEWHERE_WITHDRAWAL_TEXT, activityNavName, originLabel } from './origin-label';

const item = (origin: string, type?: string) =>
  ActivityItemSchema.parse({ origin, transfer: { id: 't1', status: 'PENDING', type } });

describe('originLabel', () => {
  it('says plainly that a withdrawal made elsewhere skipped the approvals', () => {
    expect(originLabel(item('elsewhere', 'CRYPTO_WITHDRAWAL'))).toBe(ELSEWHERE_WITHDRAWAL_TEXT);
    expect(originLabel(item('elsewhere', 'SOME_NEW_WITHDRAWAL'))).toBe(ELSEWHERE_WITHDRAWAL_TEXT);
  });
  it('does not call a deposit or an untyped record a skipped withdrawal', () => {
    expect(originLabel(item('elsewhere', 'CRYPTO_DEPOSIT'))).toBe('Made elsewhere');
    expect(originLabel(item('elsewhere'))).toBe('Made elsewhere');
  });
  it('names console rows as such', () => {
    expect(originLabel(item('console', 'CRYPTO_WITHDRAWAL'))).toBe('This console');
  });
});

describe('activityNavName', () => {
  it('gives the count of unacknowledged alerts in the accessible name', () => {
    expect(activityNavName(0)).toBe('Activity');
    expect(activityNavName(1)).toBe('Activity, 1 alert');
    expect(activityNavName(2)).toBe('Activity, 2 alerts');
  });
});
