import { describe, expect, it } from 'vitest';
import { validateAddress } from './networks';
import { MEMO_REQUIRED_ADDRESSES, memoProbablyRequired } from './memo-required';

describe('memoProbablyRequired', () => {
  const exchange = MEMO_REQUIRED_ADDRESSES.STELLAR![0]!;
  const own = 'GCM5WUPIGTJ243PL4IW6N6JDHMI54LGGPUACJUM7FVRNXGWDZ4HJQ4GC';

  it('lists only valid Stellar addresses', () => {
    for (const address of MEMO_REQUIRED_ADDRESSES.STELLAR!)
      expect(validateAddress('STELLAR', address, { allowTestnet: false }).valid).toBe(true);
  });

  it('says so for a known exchange address and for a VASP-hosted saved address', () => {
    expect(memoProbablyRequired('STELLAR', ` ${exchange} `)).toBe('known-exchange');
    expect(memoProbablyRequired('STELLAR', own, { custodian_type: 'VASP' })).toBe('vasp-hosted');
    expect(memoProbablyRequired('STELLAR', own, { vasp: { id: 'vasp-coinbase' } })).toBe(
      'vasp-hosted',
    );
  });

  it('stays quiet for a self-hosted wallet, an unknown address, or another network', () => {
    expect(memoProbablyRequired('STELLAR', own, { custodian_type: 'PRIVATE' })).toBeUndefined();
    expect(memoProbablyRequired('STELLAR', own)).toBeUndefined();
    expect(memoProbablyRequired('ETHEREUM', exchange, { custodian_type: 'VASP' })).toBeUndefined();
  });
});
