import type { Plugin } from 'vite';
import { documentTitle } from '../web/src/lib/document-title';
import { escapeHtml, introHtml, PAGE_INTROS, type PageIntro } from '../web/src/shared/page-intros';

/** Where the copies go under dist/web, and the BFF's map of path to copy (spa-static.ts reads it). */
const PAGE_SHELLS_DIR = 'shells';
const PAGE_SHELLS_INDEX = `${PAGE_SHELLS_DIR}/index.json`;

const MAIN = '<main class="app-main">';
const TITLE = '<title>Asset Ops Console</title>';
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** index.html with the page's header in its shell and the page's document title. */
function pageShell(indexHtml: string, intro: PageIntro): string {
  if (!indexHtml.includes(MAIN) || !indexHtml.includes(TITLE))
    throw new Error(`page-shells: index.html has no ${MAIN} or ${TITLE}`);
  return indexHtml
    .replace(TITLE, `<title>${escapeHtml(documentTitle(intro.title))}</title>`)
    .replace(MAIN, `${MAIN}\n        ${introHtml(intro)}`);
}

/**
 * A copy of the built index.html for each page of shared/page-intros.ts, with that page's header
 * in the shell index.html paints before any script runs, and `shells/index.json` (path to copy)
 * for the BFF (http/spa-static.ts). Written before the precompress plugin's pass, so each copy
 * has its brotli and gzip beside it as index.html has.
 */
export function pageShells(): Plugin {
  return {
    name: 'page-shells',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('page-shells: the build wrote no index.html');
      const paths: Record<string, string> = {};
      for (const [key, intro] of Object.entries(PAGE_INTROS)) {
        const fileName = `${PAGE_SHELLS_DIR}/${kebab(key)}.html`;
        this.emitFile({ type: 'asset', fileName, source: pageShell(index.source, intro) });
        paths[intro.path] = fileName;
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_SHELLS_INDEX,
        source: `${JSON.stringify(paths, null, 2)}\n`,
      });
    },
  };
}
