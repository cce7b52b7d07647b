import { describe, expect, it } from 'vitest';
import { auditTargetWords } from './audit-target';

// Issue 26, item 13: targets showed raw keys (`BNB:0x9040…a638:`).

describe('auditTargetWords', () => {
  it('says an address key as its network label and a shortened address', () => {
    const words = auditTargetWords({
      action: 'address.put',
      target: 'BNB:0x9040a1e2b3c4d5e6f708192a3b4c5d6e7f80a638:',
    });
    expect(words).toEqual({
      text: 'BNB Smart Chain address 0x9040…a638',
      raw: 'BNB:0x9040a1e2b3c4d5e6f708192a3b4c5d6e7f80a638:',
    });
  });

  it('names an identity and a memo in words when the key carries them', () => {
    const words = auditTargetWords({
      action: 'approval.request',
      target: 'STELLAR:GCM5WUPIGTJ243PL4IW6N6JDHMI54LGGPUACJUM7FVRNXGWDZ4HJQ4GC:id-123:4455',
    });
    expect(words.text).toBe('Stellar address GCM5WU…Q4GC');
    expect(words.detail).toBe('with identity id-123, memo 4455');
  });

  it('says a withdrawal by its ref_id and a saved address by its id', () => {
    expect(auditTargetWords({ action: 'withdrawal.submit', target: 'inv-7' }).text).toBe(
      'Withdrawal inv-7',
    );
    expect(auditTargetWords({ action: 'address.put', target: 'id:addr-42' }).text).toBe(
      'Saved address id addr-42',
    );
  });
});
