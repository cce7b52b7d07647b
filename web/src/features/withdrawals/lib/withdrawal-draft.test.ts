import { beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '#contract/canonical-json';
import {
  clearDraft,
  draftAfterOutcome,
  initialDraft,
  loadDraft,
  openReview,
  retireRefId,
  saveDraft,
  WITHDRAWAL_DRAFT_KEY,
  type WithdrawalDraft,
} from './withdrawal-draft';
import { EMPTY_WITHDRAWAL_FORM, toWithdrawalRequest } from './withdrawal-form-model';

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

describe('draftAfterOutcome', () => {
  const sent: WithdrawalDraft = { ...openReview(draft, body, () => 'ref-x'), inFlight: true };
  const transfer = { id: 't', status: 'PENDING' };

  it('forgets the draft once a transfer is known (created or already submitted)', () => {
    expect(draftAfterOutcome(sent, { kind: 'created', transfer, replayed: false })).toBeUndefined();
    expect(draftAfterOutcome(sent, { kind: 'created', transfer, replayed: true })).toBeUndefined();
  });

  it('keeps the ref_id pinned and in flight while the outcome is unknown', () => {
    expect(draftAfterOutcome(sent, { kind: 'unknown' })).toEqual({ ...sent, inFlight: true });
  });

  it('keeps the ref_id on the review for Travel Rule and plain errors', () => {
    for (const outcome of [
      { kind: 'travel-rule-required' } as const,
      { kind: 'error', status: 503, title: 'Unavailable' } as const,
    ]) {
      const next = draftAfterOutcome(sent, outcome);
      expect(next).toMatchObject({ refId: 'ref-x', step: 'review', inFlight: false });
    }
  });

  // Issue 42 item 1: the gate writes nothing to the ledger, so the draft remembers its refusal.
  it('remembers a gate refusal in words (the ledger has none), and forgets it on the next outcome', () => {
    const refused = draftAfterOutcome(sent, {
      kind: 'destination-not-approved',
      refusal: 'not-allowlisted',
    });
    expect(refused).toMatchObject({ refId: 'ref-x', gateRefused: 'not an approved destination' });
    const later = draftAfterOutcome(
      { ...refused!, inFlight: true },
      { kind: 'error', status: 503, title: 'Unavailable' },
    );
    expect(later?.gateRefused).toBeUndefined();
  });

  it('goes back to editing with the ref_id after field errors', () => {
    expect(draftAfterOutcome(sent, { kind: 'invalid', fieldErrors: [] })).toMatchObject({
      refId: 'ref-x',
      step: 'edit',
      inFlight: false,
    });
  });

  it('keeps the ref_id and the review after an expired fee quote (a new quote resends it)', () => {
    expect(draftAfterOutcome(sent, { kind: 'expired' })).toMatchObject({
      refId: 'ref-x',
      step: 'review',
      inFlight: false,
    });
  });

  it('retires the ref_id after a refusal that ends the intent', () => {
    for (const kind of ['insufficient-funds', 'rejected', 'ref-id-reused'] as const) {
      const next = draftAfterOutcome(sent, { kind });
      expect(next).toMatchObject({ step: 'edit', inFlight: false, refId: undefined });
      expect(next?.values).toEqual(sent.values);
    }
    expect(draftAfterOutcome(sent, { kind: 'conflict' })?.refId).toBeUndefined();
  });
});

describe('initialDraft', () => {
  const stored: WithdrawalDraft = openReview(draft, body, () => 'ref-s');

  it('starts empty, or from the stored draft', () => {
    expect(initialDraft(undefined, undefined)).toEqual({
      values: EMPTY_WITHDRAWAL_FORM,
      step: 'edit',
    });
    expect(initialDraft(stored, undefined)).toBe(stored);
  });

  it('keeps the stored draft when the URL names its destination (a return from the editor)', () => {
    expect(
      initialDraft(stored, {
        crypto_network: 'ETHEREUM',
        destination_address: values.destination_address,
      }),
    ).toBe(stored);
  });

  it('starts a fresh draft for another destination, prefilled', () => {
    const next = initialDraft(stored, { crypto_network: 'STELLAR', destination_address: 'GABC' });
    expect(next).toEqual({
      values: { ...EMPTY_WITHDRAWAL_FORM, crypto_network: 'STELLAR', destination_address: 'GABC' },
      step: 'edit',
    });
  });

  it('never replaces a withdrawal whose outcome is unknown', () => {
    const inFlight = { ...stored, inFlight: true };
    expect(initialDraft(inFlight, { destination_address: 'GABC' })).toBe(inFlight);
  });
});
