// How long a 1,000-row withdrawal batch file takes to be checked in the browser (issue 28, item
// 3: "a 1,000-row withdrawal file validates in under 1 s in the browser on this machine"),
// measured here and not in a timed test: the compiled console (as `npm start` runs it), Chromium,
// the batch page; from the file handed to the file input to the browser's verdict on screen
// ("1000 rows, 1000 valid": papaparse and the one withdrawal schema on every row). Run alone:
// `npx tsx bench/batch-validate.ts` (after `npm run build`), or in `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import type { BenchSection } from './bench-report';
import { launchBenchChromium } from './servers/bench-chromium';
import { compiledConsoleBuilt, startConsole } from './servers/compiled-console';

const ROWS = 1_000;
const RUNS = Number(process.env.BENCH_BATCH_RUNS ?? 7);
export const BATCH_VALIDATE_TARGET_MS = 1_000;

function batchFile(run: number): string {
  const lines = ['profile,asset,network,destination,amount,total,memo,metadata,ref_id'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(
      `${SEED_IDS.exampleProfile},USDG,ETHEREUM,${SAMPLE_ADDRESSES.evmA},0.01,,bench-${run}-${i},run=${run};row=${i},`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** undefined when the SPA or the BFF is not built (npm run bench builds both first). */
export async function runBatchValidateBench(): Promise<BenchSection | undefined> {
  if (!compiledConsoleBuilt()) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'aoc-batch-'));
  const { origin, child } = await startConsole(join(dir, 'data'));
  const browser = await launchBenchChromium();
  const times: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}/batches/new`);
    const input = page.getByLabel('CSV file (or drop it here)');
    await input.waitFor();
    // Run 0 warms the page (the chunk's code, the JIT); it is not counted.
    for (let run = 0; run <= RUNS; run++) {
      const buffer = Buffer.from(batchFile(run));
      const verdict = page.getByText(`${ROWS} rows, ${ROWS} valid`);
      const started = performance.now();
      await input.setInputFiles({ name: `bench-${run}.csv`, mimeType: 'text/csv', buffer });
      await verdict.waitFor();
      if (run > 0) times.push(performance.now() - started);
    }
    await context.close();
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  const p50 = median(times);
  return {
    title: `Batch withdrawals: a ${ROWS}-row CSV file checked in the browser (Chromium, ${RUNS} runs)`,
    rows: [
      {
        measure: 'file given → verdict on screen',
        p50_ms: Math.round(p50),
        max_ms: Math.round(Math.max(...times)),
        target_ms: BATCH_VALIDATE_TARGET_MS,
      },
    ],
    notes: [
      p50 < BATCH_VALIDATE_TARGET_MS
        ? `target met: ${Math.round(p50)} ms < ${BATCH_VALIDATE_TARGET_MS} ms`
        : `target MISSED: ${Math.round(p50)} ms >= ${BATCH_VALIDATE_TARGET_MS} ms`,
      'Includes reading the file, papaparse, the withdrawal schema on every row and React drawing the verdict (timed from Playwright: an upper bound).',
    ],
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const section = await runBatchValidateBench();
  if (!section) console.log('dist is missing: run npm run build first');
  else {
    const { printSection } = await import('./bench-report');
    printSection(section);
  }
}
