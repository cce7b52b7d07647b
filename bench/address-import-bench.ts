// A 5,000-row address file imported through the BFF (issue 28 item 3), the `address-import`
// section of npm run bench: POST /api/addresses/import streams the file through papaparse and
// stores each checked row, so the BFF's memory must not grow with the file. The BFF as shipped
// (createRuntime + createApp) on PGlite in a temp dir, the local upstream in this process. Then
// the same import applied, as the UI applies it (issue 41 item 5: preview + apply in 3 s).
// ADDRESS_IMPORT_ROWS sets the count. `npx tsx bench/address-import-bench.ts` runs it alone.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import type { BenchSection } from './bench-report';
import { startInProcessBff } from './servers/in-process-bff';

const ROWS = Number(process.env.ADDRESS_IMPORT_ROWS ?? 5_000);
/** Issue 41 item 5: a 5,000-row file previewed and applied in at most 3 s. */
const TARGET_SECONDS = 3;
const PUT_ADDRESS = 'PUT /v2/transfer/crypto-destination-address';

interface ImportAnswer {
  import?: { id?: string; status?: string; counts?: Record<string, number> };
  rows?: Array<{ line: number; outcome?: string }>;
  next_line?: number;
}

/** Each outcome's count over the import's rows, read page by page as the UI reads them. */
async function outcomeCounts(pool: Pool, id: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let after: number | undefined = 0;
  while (after !== undefined) {
    const page = (await (
      await pool.request({
        method: 'GET',
        path: `/api/addresses/import/${id}?after=${after}&limit=500`,
        headers: { 'x-csrf': '1' },
      })
    ).body.json()) as ImportAnswer;
    if (!page.rows) throw new Error(`the rows page answered ${JSON.stringify(page).slice(0, 300)}`);
    for (const row of page.rows) {
      const outcome = row.outcome ?? 'none';
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    after = page.next_line;
  }
  return counts;
}

/**
 * Row `i`: a lower-case EVM address (no checksum to get wrong) from a hash, so no two rows start
 * and end alike (a look-alike of the file itself is flagged), and an institution beneficiary.
 */
function addressFile(rows: number): string {
  const line = (cells: Partial<Record<(typeof ADDRESS_CSV_COLUMNS)[number], string>>) =>
    ADDRESS_CSV_COLUMNS.map((column) => cells[column] ?? '').join(',');
  const lines = [ADDRESS_CSV_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++)
    lines.push(
      line({
        network: 'ETHEREUM',
        address: `0x${createHash('sha1').update(`payout ${i}`).digest('hex')}`,
        nickname: `Payout ${i}`,
        bookmark: 'no',
        beneficiary_kind: 'institution',
        beneficiary_institution_name: `Customer ${i} GmbH`,
        custody: 'PRIVATE',
      }),
    );
  return `${lines.join('\n')}\n`;
}

async function runAddressImportBench(): Promise<BenchSection> {
  const bff = await startInProcessBff('address-import', {
    LOG_LEVEL: 'info',
    APPROVAL_POLICY: 'none',
  });
  const { url, sandbox } = bff;
  // The apply answers when every row is saved: minutes on a loaded machine, past undici's 300 s
  // default (a before-run of 29 November at load average ~17 ended without its figures).
  const pool = new Pool(url, { connections: 1, headersTimeout: 0, bodyTimeout: 0 });
  try {
    // The store opens on the first request: not part of the import's time or memory.
    await (await pool.request({ method: 'GET', path: '/api/audit?limit=1' })).body.dump();
    const file = addressFile(ROWS);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const res = await pool.request({
      method: 'POST',
      path: '/api/addresses/import',
      headers: { 'content-type': 'text/csv', 'x-csrf': '1' },
      body: file,
    });
    const answer = (await res.body.json()) as ImportAnswer;
    const previewed = performance.now();
    const previewSeconds = (previewed - started) / 1000;
    // The UI's apply (web/src/features/addresses/api/address-files-api.ts): one POST, the
    // look-alikes confirmed when the preview counted any (the operator ticked the box).
    const id = answer.import?.id;
    if (res.statusCode !== 201 || !id)
      throw new Error(`the preview answered ${res.statusCode}: ${JSON.stringify(answer)}`);
    const putsBefore = sandbox.stats().requests[PUT_ADDRESS] ?? 0;
    const applied = await pool.request({
      method: 'POST',
      path: `/api/addresses/import/${id}/apply`,
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ confirm_look_alikes: (answer.import?.counts?.look_alike ?? 0) > 0 }),
    });
    const after = (await applied.body.json()) as ImportAnswer;
    const applySeconds = (performance.now() - previewed) / 1000;
    clearInterval(sampler);
    const puts = (sandbox.stats().requests[PUT_ADDRESS] ?? 0) - putsBefore;
    const outcomes = await outcomeCounts(pool, id);
    const saved = (outcomes.created ?? 0) + (outcomes.updated ?? 0);
    if (applied.statusCode !== 200 || after.import?.status !== 'applied' || saved !== ROWS)
      throw new Error(
        `the apply answered ${applied.statusCode} (${after.import?.status}), ${JSON.stringify(outcomes)}`,
      );
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const total = previewSeconds + applySeconds;
    return {
      title: `Address book import: a ${ROWS.toLocaleString('en')}-row file previewed (POST /api/addresses/import) and applied (POST /api/addresses/import/:id/apply), PGlite`,
      rows: [
        {
          rows: ROWS,
          'file MB': mb(Buffer.byteLength(file)),
          'preview s': previewSeconds.toFixed(2),
          'apply s': applySeconds.toFixed(2),
          'preview + apply s': total.toFixed(2),
          'rows/s': Math.round(ROWS / total),
          'upstream PUTs': puts,
          'RSS before MB': mb(rssBefore),
          'RSS peak MB': mb(rssPeak),
          'RSS growth MB': mb(rssPeak - rssBefore),
        },
      ],
      notes: [
        `Target (issue 41 item 5): preview + apply <= ${TARGET_SECONDS} s: ${total <= TARGET_SECONDS ? 'met' : 'NOT MET'}.`,
        `The preview: every row parsed (papaparse, streamed), checked with the editor's schema, matched with the book and the service, look-alike checked, and stored. Summary: ${JSON.stringify(answer.import?.counts ?? {})}`,
        `The apply, as the UI asks it (APPROVAL_POLICY none: nothing held): each row through the editor's own path (the address gate, the upstream PUT, the address book, its address.put audit event). Outcomes: ${JSON.stringify(outcomes)}; upstream PUTs counted by the local upstream: ${puts} (one a row).`,
        'RSS: this process (the BFF, PGlite, the local upstream and the client holding the file), sampled every 50 ms; the file itself is in memory before the start.',
      ],
    };
  } finally {
    await pool.close();
    await bff.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { emitSection } = await import('./servers/section-apart');
  emitSection(await runAddressImportBench());
}
