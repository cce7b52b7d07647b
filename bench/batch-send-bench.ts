// A 1,000-row withdrawal batch sent against the local upstream (issue 41 item 5), the
// `batch-send` section of npm run bench: the BFF as shipped (createRuntime + createApp, its own
// background batch sender on its own timer) on PGlite in a temp dir, the local upstream in this
// process. Uploaded, submitted, approved by a second operator (the batch's total needs one
// approval under the policy here, no row alone does), then waited for until every row is sent:
// rows per second, and each row at the upstream once (its ref_id counted there).
// BATCH_SEND_ROWS sets the count. `npx tsx bench/batch-send-bench.ts` runs it alone.
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import type { BenchSection } from './bench-report';
import { startInProcessBff } from './servers/in-process-bff';

const ROWS = Number(process.env.BATCH_SEND_ROWS ?? 1_000);
/** Each row 0.5 USDG: no row needs an approval, the batch (500 USDG) needs one. */
const AMOUNT = '0.5';
const POLICY = {
  withdrawals: { require: 'tiers', tiers: [{ asset: 'USDG', above: '100', approvals: 1 }] },
  addresses: { new_addresses: true, travel_rule_changes: true, approvals: 1 },
  request_ttl_minutes: 60,
};
const person = (user: string) => ({
  'x-forwarded-user': user,
  'x-forwarded-email': `${user}@example.com`,
  'x-forwarded-groups': 'ops,approvers',
  'x-csrf': '1',
});
const ANA = person('ana');
const BEN = person('ben');

interface BatchAnswer {
  id: string;
  status: string;
  counts: Record<string, number>;
  approval_id?: string;
}

function batchFile(tag: string): string {
  const lines = ['profile,asset,network,destination,amount,total,memo,metadata,ref_id'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(
      `${SEED_IDS.exampleProfile},USDG,ETHEREUM,${SAMPLE_ADDRESSES.evmA},${AMOUNT},,${tag}-${i},run=${tag},`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

async function runBatchSendBench(): Promise<BenchSection> {
  const bff = await startInProcessBff('batch-send', {
    AUTH_MODE: 'trusted-header',
    TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
    ROLE_GROUPS:
      'viewer=ops;withdrawal-initiator=ops;withdrawal-approver=approvers;address-editor=ops;address-approver=approvers',
    PUBLIC_ORIGIN: 'https://ops.example.com',
    APPROVAL_POLICY: JSON.stringify(POLICY),
    LOG_LEVEL: 'warn',
  });
  const { url, sandbox } = bff;
  const pool = new Pool(url, { connections: 2 });
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const res = await pool.request({ method, path, headers, ...(body ? { body } : {}) });
    const json = (await res.body.json()) as unknown;
    if (res.statusCode >= 300)
      throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
    return { status: res.statusCode, body: json as BatchAnswer };
  };
  try {
    // The store opens on the first request: not part of the batch's time.
    await call('GET', '/api/withdrawal-batches', ANA);
    const tag = `bench-${Date.now()}`;
    const createdBefore = sandbox.stats().withdrawalsCreated;
    const started = performance.now();
    const uploaded = await call(
      'POST',
      '/api/withdrawal-batches',
      { ...ANA, 'content-type': 'text/csv' },
      batchFile(tag),
    );
    const batchId = uploaded.body.id;
    if (uploaded.body.counts.ready !== ROWS)
      throw new Error(`the upload answered ${JSON.stringify(uploaded.body.counts)}`);
    const json = { 'content-type': 'application/json' };
    const submitted = await call(
      'POST',
      `/api/withdrawal-batches/${batchId}/submit`,
      { ...ANA, ...json },
      '{}',
    );
    const held = submitted.status === 202;
    if (held)
      await call(
        'POST',
        `/api/approvals/${submitted.body.approval_id}/approve`,
        { ...BEN, ...json },
        '{}',
      );
    const submittedAt = performance.now();
    // The sender's own timer sends the rows; the page polls as the UI would (every 250 ms here).
    let batch = submitted.body;
    while (batch.status !== 'done') {
      if (!['sending', 'awaiting_approval'].includes(batch.status))
        throw new Error(`the batch stopped as ${batch.status}: ${JSON.stringify(batch.counts)}`);
      await new Promise((r) => setTimeout(r, 250));
      batch = (await call('GET', `/api/withdrawal-batches/${batchId}`, ANA)).body;
    }
    const finished = performance.now();
    const sendSeconds = (finished - submittedAt) / 1000;
    const totalSeconds = (finished - started) / 1000;
    // Each row once at the upstream: its fixed ref_id (batch-<id>-<row>) on exactly one transfer.
    const prefix = `batch-${batchId}-`;
    const refIds = sandbox
      .transfers({})
      .map((t) => t.ref_id ?? '')
      .filter((ref) => ref.startsWith(prefix));
    const distinct = new Set(refIds).size;
    const created = sandbox.stats().withdrawalsCreated - createdBefore;
    const once = refIds.length === ROWS && distinct === ROWS && created === ROWS;
    const stats = sandbox.stats().requests;
    return {
      title: `Batch withdrawals: a ${ROWS.toLocaleString('en')}-row batch uploaded, submitted${held ? ', approved' : ''} and sent against the local upstream (PGlite, the BFF's own batch sender)`,
      rows: [
        {
          rows: ROWS,
          held: held ? 'yes, one approval' : 'no',
          'upload to done s': totalSeconds.toFixed(1),
          'sending s': sendSeconds.toFixed(1),
          'rows/s': Math.round(ROWS / sendSeconds),
          'withdrawals at the upstream': created,
          'distinct ref_ids': distinct,
          'each row once': once ? 'yes' : 'NO',
        },
      ],
      notes: [
        `Rows by state: ${JSON.stringify(batch.counts)}. Upstream calls: ${JSON.stringify(stats)}.`,
        'Sending: from the submit (and the approval) to the batch done, the sender on its own timer (bff/src/features/withdrawal-batches/batch-sender.ts: 32 rows a round, 4 in flight, the next round 250 ms after one that sent rows; a 429 or 503 puts the round back for 5 s). The upstream publishes no rate, only that it throttles a client that hammers it (../shared/spec/upstream-facts.md): the sender keeps those settings.',
        'Each row once: the local upstream committed exactly one withdrawal per row (its withdrawal count) and each row’s ref_id is on one transfer.',
      ],
    };
  } finally {
    await pool.close();
    await bff.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { emitSection } = await import('./servers/section-apart');
  emitSection(await runBatchSendBench());
}
