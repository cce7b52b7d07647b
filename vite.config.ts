import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const bffPort = process.env.PORT ?? '8080';

// The SPA lives in web/; the BFF serves the built files from dist/web in production.
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react()],
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
