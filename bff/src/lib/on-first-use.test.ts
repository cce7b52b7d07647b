import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('loads nothing until asked, then once for every caller', async () => {
    let loads = 0;
    const get = onFirstUse(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next call', async () => {
    let loads = 0;
    const get = onFirstUse(async () => {
      loads += 1;
      if (loads === 1) throw new Error('not yet');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('not yet');
    expect(await get()).toBe('loaded');
    expect(loads).toBe(2);
  });
});

describe('the libraries kept for first use', () => {
  // What the BFF's start imports, followed as esbuild bundles it (type imports erased): none of
  // these may be reached by a static import, or its module is in memory from the start again.
  const LOADED_ON_FIRST_USE = ['@simplewebauthn/server', 'nodemailer', 'openid-client'];

  it('are reached from server.ts by no static import', async () => {
    const { build } = await import('esbuild');
    const { metafile } = await build({
      entryPoints: ['bff/src/server.ts'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      outdir: 'unused',
      splitting: true,
      logLevel: 'silent',
    });
    const seen = new Set<string>();
    const packages = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of metafile.inputs[file]?.imports ?? []) {
        if (imported.kind === 'dynamic-import') continue;
        if (imported.external) packages.add(imported.path);
        else walk(imported.path);
      }
    };
    walk('bff/src/server.ts');
    expect(seen.size).toBeGreaterThan(100);
    const eager = [...packages].filter((name) =>
      LOADED_ON_FIRST_USE.some((lazy) => name === lazy || name.startsWith(`${lazy}/`)),
    );
    expect(eager).toEqual([]);
  });
});
