// Builds the BFF (and the local upstream it starts when no upstream is configured) once into
// dist/bff/, so production runs plain `node dist/bff/server.js` with no TypeScript loader
// (npm start; npm run dev keeps tsx). One ESM bundle of our own code; npm packages stay in
// node_modules (external). The SQL migrations are copied next to the bundle, where
// bff/src/store/migrate.ts looks for them (./migrations beside the module).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/bff';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { server: 'bff/src/server.ts' },
  outdir,
  bundle: true,
  // The local upstream is imported lazily (runtime.ts): its own chunk, loaded only when used.
  splitting: true,
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('bff/src/store/migrations', `${outdir}/migrations`, { recursive: true });
