// The first page's JavaScript budget: the gzip size of every script the browser loads to show
// the first page, /statements (where / redirects): the entry with its static imports, plus the
// lazily loaded statements page with its own static imports. Read from Vite's build manifest, so
// a chunk that moves between the entry and the route chunk is still counted exactly once.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_PAGE_JS_BUDGET_BYTES = 150 * 1024;
/**
 * The modules the first page needs besides the entry: the app, which the entry imports once the
 * shell has painted (web/src/main.tsx), and the page / redirects to.
 */
export const FIRST_PAGE_MODULES = [
  'src/app/start.tsx',
  'src/features/statements/pages/statements-page.tsx',
];

export interface BundleSizeResult {
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  totalGzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export async function measureFirstPageJs(
  distDir: string,
  pageModules: string[] = FIRST_PAGE_MODULES,
): Promise<BundleSizeResult> {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: run npm run build first`);
  }
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const missing = pageModules.filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`not in the build manifest: ${missing.join(', ')}`);

  // Static imports are loaded with their importer; dynamic ones only when a route asks.
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...pageModules]) visit(key);

  const files = [];
  for (const key of chunks) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    const content = await readFile(join(distDir, file));
    files.push({
      file: `/${file}`,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    });
  }
  const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return {
    files,
    totalGzipBytes,
    budgetBytes: FIRST_PAGE_JS_BUDGET_BYTES,
    withinBudget: files.length > 0 && totalGzipBytes <= FIRST_PAGE_JS_BUDGET_BYTES,
  };
}
