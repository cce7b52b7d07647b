import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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
