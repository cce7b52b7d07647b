import { describe, expect, it } from 'vitest';
import { attributionOf, operatorMetadataErrors, stampAttribution } from './attribution';

describe('attribution in a withdrawal metadata', () => {
  it('names people by subject, or by e-mail only when configured and known', () => {
    expect(attributionOf({ subject: 'u-1', email: 'a@x' }, 'subject')).toBe('u-1');
    expect(attributionOf({ subject: 'u-1', email: 'a@x' }, 'email')).toBe('a@x');
    expect(attributionOf({ subject: 'u-1' }, 'email')).toBe('u-1');
    // One spelling per person: folded (contract/identity.ts).
    expect(attributionOf({ subject: ' Ana ', email: 'Ana@X' }, 'subject')).toBe('ana');
    expect(attributionOf({ subject: 'u-1', email: 'Ana@X' }, 'email')).toBe('ana@x');
  });

  it("stamps initiator, approvers and request id beside the operator's own keys", () => {
    const { body, hashed } = stampAttribution(
      { ref_id: 'r', metadata: { invoice: '7' } },
      { initiator: 'ana', approvers: ['ben', 'cy'], requestId: 'req-1' },
    );
    expect(body.metadata).toEqual({
      invoice: '7',
      aoc_initiated_by: 'ana',
      aoc_approved_by: 'ben,cy',
      aoc_request_id: 'req-1',
    });
    expect(hashed).toEqual([]);
    const none = stampAttribution({}, { initiator: 'ana', approvers: [], requestId: 'q' });
    expect(Object.keys(none.body.metadata)).toEqual(['aoc_initiated_by', 'aoc_request_id']);
  });

  it('a value over 100 characters is sent as a short stable hash, and said so', () => {
    const long = 'x'.repeat(60);
    const first = stampAttribution(
      {},
      { initiator: 'ana', approvers: [long, `${long}y`], requestId: 'q' },
    );
    const again = stampAttribution(
      {},
      { initiator: 'ana', approvers: [long, `${long}y`], requestId: 'q' },
    );
    expect(first.body.metadata.aoc_approved_by).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(first.body.metadata.aoc_approved_by).toBe(again.body.metadata.aoc_approved_by);
    expect(first.hashed).toEqual(['aoc_approved_by']);
  });

  it("refuses the console's keys and more than three pairs of the operator's own", () => {
    expect(operatorMetadataErrors(undefined)).toEqual([]);
    expect(operatorMetadataErrors({ a: '1', b: '2', c: '3' })).toEqual([]);
    expect(operatorMetadataErrors({ aoc_request_id: 'x' }).map((e) => e.path)).toEqual([
      'metadata.aoc_request_id',
    ]);
    // Any case, width or surrounding space of a reserved key is that key.
    for (const key of [
      'AOC_APPROVED_BY',
      'Aoc_Approved_By',
      'aoc_request_id ',
      'ＡＯＣ_INITIATED_BY',
    ])
      expect(operatorMetadataErrors({ [key]: 'x' })).toEqual([
        { path: `metadata.${key}`, message: expect.stringMatching(/^.+ spells aoc_/) },
      ]);
    expect(operatorMetadataErrors({ a: '1', b: '2', c: '3', d: '4' })).toEqual([
      expect.objectContaining({ path: 'metadata', message: expect.stringMatching(/At most 3/) }),
    ]);
  });
});
