import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSON_COMPLETE_WASM } from './upstream/json-complete-wasm';
import { V8_POLICY, V8_START_FLAGS } from './v8-policy';

// The V8 settings only hold for what is compiled and allocated after they are applied: a module
// imported before them (PGlite's or undici's WebAssembly, say) would run with V8's defaults.
const firstImport = (file: string) =>
  readFileSync(new URL(file, import.meta.url), 'utf8').match(/^import\s[^;]*;/m)?.[0];

describe('the V8 policy', () => {
  it('is the first import of server.ts, and of the bench’s BFF, which must measure the same process', () => {
    expect(firstImport('./server.ts')).toBe("import './v8-policy-applied';");
    expect(firstImport('../../bench/servers/bff-server.ts')).toBe(
      "import '#bff/v8-policy-applied';",
    );
  });
});

describe('the V8 settings only the command line can give', () => {
  it('are on npm start’s command line', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> };
    const start = manifest.scripts.start!.split(' ');
    expect(V8_START_FLAGS.length).toBeGreaterThan(0);
    for (const flag of V8_START_FLAGS) expect(start).toContain(flag);
  });
});

describe('which WebAssembly V8 may optimise (--wasm-tier-up-filter=0: function 0 of a module)', () => {
  const require = createRequire(import.meta.url);
  const importedFunctions = (bytes: Buffer) =>
    WebAssembly.Module.imports(new WebAssembly.Module(new Uint8Array(bytes))).filter(
      (entry) => entry.kind === 'function',
    ).length;
  // Read from the installed packages (their exports do not name these files).
  const packageFile = (name: string, file: string) =>
    readFileSync(join(dirname(require.resolve(name)), file));

  it('is the policy: the filter at function 0, and nothing that would tier up the rest', () => {
    expect(V8_POLICY).toContain('--wasm-tier-up-filter=0');
    expect(V8_POLICY).not.toContain('--no-liftoff');
  });

  it("never PGlite's, initdb's or undici's HTTP parser: their function 0 is an import", () => {
    for (const bytes of [
      packageFile('@electric-sql/pglite', 'pglite.wasm'),
      packageFile('@electric-sql/pglite', 'initdb.wasm'),
      require(join(dirname(require.resolve('undici')), 'lib/llhttp/llhttp-wasm.js')) as Buffer,
      require(join(dirname(require.resolve('undici')), 'lib/llhttp/llhttp_simd-wasm.js')) as Buffer,
    ])
      expect(importedFunctions(bytes)).toBeGreaterThan(0);
  });

  it('is the completeness scan: no imports, so its function 0 is the scan itself', () => {
    expect(importedFunctions(Buffer.from(JSON_COMPLETE_WASM, 'base64'))).toBe(0);
  });
});
