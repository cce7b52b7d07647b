import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { pageShells } from './scripts/vite-page-shells';
import { precompressAssets } from './scripts/vite-precompress';
import { routeChunks } from './scripts/vite-route-chunks';

const bffPort = process.env.PORT ?? '8080';

/**
 * The statements page is where a link from a customer's ticket lands, and its code (a lazy route
 * chunk and its shared chunks) was asked for only once the entry had run: about 0.2 s of
 * a 1,000-row page's first open went to fetching them one after the other
 * (bench/statements-page-bench.ts). Listing them as modulepreload links in index.html fetches them
 * beside the entry, without running them: another page's first open downloads about 10 KB gzip it
 * may not use, and the statements page is already counted in the first page's 150 KB budget.
 */
function preloadRouteChunks(pageModules: string[]): Plugin {
  return {
    name: 'preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What the entry loads already (Vite preloads its static imports itself).
        const entryFiles = new Set<string>();
        const collect = (file: string, into: Set<string>) => {
          if (into.has(file) || entryFiles.has(file)) return;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) collect(imported, into);
        };
        for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, entryFiles);
        const files = new Set<string>();
        // By the modules a chunk holds: a chunk of several modules (vite-route-chunks.ts) has
        // no facade module.
        for (const chunk of chunks)
          if (chunk.moduleIds.some((id) => pageModules.some((module) => id.endsWith(module))))
            collect(chunk.fileName, files);
        if (files.size === 0)
          throw new Error(`preload-route-chunks: no chunk for ${pageModules.join(', ')}`);
        const styles = [...files].flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        return [
          // Low priority: they download beside the document, after its stylesheet, and are not
          // counted as what the first paint waits for (they are evaluated after it: main.tsx).
          // At High (a modulepreload's default) Lighthouse's simulation put the 124 KB vendor
          // chunk on the path to the first contentful paint (docs/bench.md, "Lighthouse").
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              fetchpriority: 'low',
              href: `/${file}`,
            },
            injectTo: 'head' as const,
          })),
          // crossorigin as Vite's loader asks for the stylesheet (a CORS request): a preload in
          // another mode is not reused, and Chromium fetched the file twice (issue 26 item 18).
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

const STATEMENTS_PAGE = '/features/statements/pages/statements-page.tsx';
// The first load of /statements was 37 requests, a third of them chunks of under 1 KB each with
// about 450 bytes of headers (bench/first-load.ts). Now (scripts/vite-route-chunks.ts): the entry
// (the app shell), `vendor` (what the entry reaches from node_modules, the contract and the shared
// web code: React, the router, TanStack Query, zod), `common` (what the statements page adds, which
// other pages share: the UI components, the statements schemas), the page's own chunk, and
// `approvals-common` (the approvals schemas with the address checksums, which every other page
// shares; not on the statements pages' first load: the navigation's pending count reads
// contract/approval-core.ts instead). Rolldown keeps its runtime helpers in a chunk of their
// own. Another page loads `common` although it holds a few KB of statements code.
const APP_START = '/web/src/app/start.tsx';
const VENDOR_MODULES = /\/node_modules\/|\/contract\/|\/web\/src\/(lib|shared|components)\//;
const chunks = routeChunks('/web/src/main.tsx', [
  // The app's start in stages (main.tsx): what each stage evaluates is a chunk of its own, so that
  // a stage's import evaluates only its part.
  { name: 'early', page: '/web/src/app/early-start.ts' },
  { name: 'framework', page: '/web/src/app/react-dom-start.ts', only: /\/node_modules\// },
  {
    name: 'vendor',
    // What the app reaches (main.tsx only starts it after the first paint, and keeps its own few
    // modules: nothing of vendor may be evaluated before that paint).
    page: APP_START,
    only: VENDOR_MODULES,
  },
  // All but the page module, which stays its own chunk (the build manifest names it for
  // bench/bundle-size.ts, and a chunk of several modules has no facade to name).
  { name: 'common', page: STATEMENTS_PAGE, only: /^(?!.*\/statements-page\.tsx$)/ },
  { name: 'approvals-common', page: '/shared/approvals/approvals-api.ts' },
  // What the new-withdrawal page adds, but the page module: Rolldown split it into some twenty
  // chunks (many under 1 KB), each a modulepreload link the route's import inserted one by one,
  // ~9 ms of the main thread on this machine (docs/bench.md, "Lighthouse"). The withdrawal and
  // approval pages that share part of it load this chunk instead of their share of those.
  {
    name: 'withdrawal-common',
    page: '/features/withdrawals/pages/new-withdrawal-page.tsx',
    only: /^(?!.*\/new-withdrawal-page\.tsx$)/,
  },
]);

// The SPA lives in web/; the BFF serves the built files from dist/web in production.
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [
    react(),
    chunks.plugin,
    // The app (imported by the entry after the first paint) and the statements page.
    preloadRouteChunks([APP_START, STATEMENTS_PAGE]),
    // A copy of index.html for each page whose header says the same to everyone, with that header
    // in its shell (served by the BFF for that path): the page's name and purpose at first paint.
    pageShells(),
    // Brotli and gzip beside each file, served by negotiation (bff/src/http/spa-static.ts).
    precompressAssets(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // Maps for our own debugging; not referenced by the bundles and not served by the BFF.
    sourcemap: 'hidden',
    // .vite/manifest.json lets `npm run bench` measure exactly what the first page loads.
    manifest: true,
    // Each group takes exactly the modules it lists: with their dependencies too, `common` would
    // take React and zod out of `vendor`.
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: chunks.groups } },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Same-origin in dev too: the browser only ever talks to /api on its own origin.
      '/api': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: false },
      // AUTH_MODE=oidc's sign-in, sign-out and callback are the BFF's too.
      '/auth': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: false },
    },
  },
});
