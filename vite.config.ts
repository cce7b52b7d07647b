import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const bffPort = process.env.PORT ?? '8080';

/**
 * The statements page is where a link from a customer's ticket lands, and its code (a lazy route
 * chunk and a dozen small shared chunks) was asked for only once the entry had run: about 0.2 s of
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
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId;
          if (id && pageModules.some((module) => id.endsWith(module)))
            collect(chunk.fileName, files);
        }
        if (files.size === 0)
          throw new Error(`preload-route-chunks: no chunk for ${pageModules.join(', ')}`);
        const styles = [...files].flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        return [
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

// The SPA lives in web/; the BFF serves the built files from dist/web in production.
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react(), preloadRouteChunks(['/features/statements/pages/statements-page.tsx'])],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // Maps for our own debugging; not referenced by the bundles and not served by the BFF.
    sourcemap: 'hidden',
    // .vite/manifest.json lets `npm run bench` measure exactly what the first page loads.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Same-origin in dev too: the browser only ever talks to /api on its own origin.
      '/api': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: false },
    },
  },
});
