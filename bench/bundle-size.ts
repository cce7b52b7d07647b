// The first page's JavaScript budget: the gzip size of every script the built index.html loads
// before any route is visited (the entry and its modulepreloads). Route chunks load later.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_PAGE_JS_BUDGET_BYTES = 150 * 1024;

export interface BundleSizeResult {
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  totalGzipBytes: number;
  budgetBytes: number;
  withinBudget: boolean;
}

export async function measureFirstPageJs(distDir: string): Promise<BundleSizeResult> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: run npm run build first`);
  const html = await readFile(indexPath, 'utf8');
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    scripts.add(match[1]!);
  const files = [];
  for (const src of scripts) {
    const content = await readFile(join(distDir, src.replace(/^\//, '')));
    files.push({
      file: src,
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

export function formatBundleSize(result: BundleSizeResult): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    'First page JavaScript (gzip -9)',
    ...result.files.map(
      (f) =>
        `  ${f.file.padEnd(48)} ${kb(f.bytes).padStart(10)} raw  ${kb(f.gzipBytes).padStart(9)} gzip`,
    ),
    `  total ${kb(result.totalGzipBytes)} gzip, budget ${kb(result.budgetBytes)}: ${result.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  ];
  return lines.join('\n');
}
