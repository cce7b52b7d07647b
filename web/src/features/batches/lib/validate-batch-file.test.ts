import { describe, expect, it } from 'vitest';
import { batchIdOf } from '#contract/batch-file';
import { validateBatchFile } from './validate-batch-file';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const EVM = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const HEADER = 'profile,asset,network,destination,amount,total,memo,metadata,ref_id';

describe('the browser check of a batch file (papaparse, the one withdrawal schema)', () => {
  it('counts valid rows and lists each error by line and column', () => {
    const csv = [
      HEADER,
      `${PROFILE},USDG,ETHEREUM,${EVM},1,,,,`,
      `${PROFILE},USDG,ETHEREUM,${EVM},1,2,,,`,
      `${PROFILE},usdg,ETHEREUM,${EVM},1,,,a=1;novalue,`,
      '',
    ].join('\n');
    const result = validateBatchFile(csv, false);
    expect(result.batchId).toBe(batchIdOf(csv));
    expect(result).toMatchObject({ rows: 3, valid: 1 });
    expect(result.errors.map((e) => [e.line, e.column])).toEqual(
      expect.arrayContaining([
        [3, 'total'],
        [4, 'asset'],
        [4, 'metadata'],
      ]),
    );
  });

  it('leaves a profile nickname to the BFF', () => {
    const result = validateBatchFile(`${HEADER}\nTreasury,USDG,ETHEREUM,${EVM},1,,,,\n`, false);
    expect(result).toMatchObject({ rows: 1, valid: 1, errors: [] });
  });

  it('names a file without the columns', () => {
    const result = validateBatchFile('a,b\n1,2\n', false);
    expect(result.errors.filter((e) => e.line === 1).length).toBeGreaterThan(0);
  });
});
