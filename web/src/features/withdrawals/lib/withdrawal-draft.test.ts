import { beforeEach, describe, expect, it } from 'vitest';
import {
  canonicalJson,
  clearDraft,
  loadDraft,
  openReview,
  retireRefId,
  saveDraft,
  WITHDRAWAL_DRAFT_KEY,
  type WithdrawalDraft,
} from './withdrawal-draft';
import { EMPTY_WITHDRAWAL_FORM, toWithdrawalRequest } from './withdrawal-form-values';

const values = {
  ...EMPTY_WITHDRAWAL_FORM,
  profile_id: 'p-1',
  asset: 'ETH',
  crypto_network: 'ETHEREUM' as const,
  destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  amount_value: '1.5',
};
const draft: WithdrawalDraft = { values, step: 'edit' };
const body = toWithdrawalRequest(values).body;

let counter = 0;
const makeId = () => `ref-${++counter}`;

describe('withdrawal draft persistence', () => {
  beforeEach(() => {
    sessionStorage.clear();
    counter = 0;
  });

  it('survives a reload: what was saved is loaded back, ref_id included', () => {
    const reviewed = openReview(draft, body, makeId);
    saveDraft(sessionStorage, reviewed);
    expect(loadDraft(sessionStorage)).toEqual(reviewed);
    expect(loadDraft(sessionStorage)?.refId).toBe('ref-1');
  });

  it('ignores a corrupt or foreign stored value instead of crashing', () => {
    sessionStorage.setItem(WITHDRAWAL_DRAFT_KEY, '{not json');
    expect(loadDraft(sessionStorage)).toBeUndefined();
    sessionStorage.setItem(
      WITHDRAWAL_DRAFT_KEY,
      JSON.stringify({ values: { amount: 1 }, step: 'review' }),
    );
    expect(loadDraft(sessionStorage)).toBeUndefined();
  });

  it('is gone after clearDraft', () => {
    saveDraft(sessionStorage, draft);
    clearDraft(sessionStorage);
    expect(loadDraft(sessionStorage)).toBeUndefined();
  });
});

describe('openReview', () => {
  beforeEach(() => {
    counter = 0;
  });

  it('makes a ref_id the first time the review opens', () => {
    const reviewed = openReview(draft, body, makeId);
    expect(reviewed.step).toBe('review');
    expect(reviewed.refId).toBe('ref-1');
  });

  it('keeps the ref_id when the same request is reviewed again (back, forward, reload)', () => {
    const first = openReview(draft, body, makeId);
    const again = openReview({ ...first, step: 'edit' }, { ...body }, makeId);
    expect(again.refId).toBe('ref-1');
  });

  it('makes a new ref_id for a changed request that was never sent', () => {
    const first = openReview(draft, body, makeId);
    const changed = openReview({ ...first, step: 'edit' }, { ...body, amount: '2' }, makeId);
    expect(changed.refId).toBe('ref-2');
  });

  it('never changes the ref_id while an outcome is unknown', () => {
    const first = { ...openReview(draft, body, makeId), inFlight: true };
    const changed = openReview(first, { ...body, amount: '2' }, makeId);
    expect(changed.refId).toBe('ref-1');
  });

  it('makes a new ref_id after a refusal retired the old one', () => {
    const first = openReview(draft, body, makeId);
    const next = openReview(retireRefId(first), body, makeId);
    expect(next.refId).toBe('ref-2');
  });

  it('uses crypto.randomUUID by default', () => {
    const reviewed = openReview(draft, body);
    expect(reviewed.refId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('canonicalJson', () => {
  it('does not depend on key order and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: undefined } })).toBe(
      canonicalJson({ a: { d: [1, 'x'] }, b: 1 }),
    );
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: '2' }));
  });
});
