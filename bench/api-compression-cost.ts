// What compressing an API answer would cost the BFF per request (issue 27 item 1: "API answers
// stay uncompressed unless measured worth it"). Takes the local upstream's 100-statement page
// (the proxy bench's page), compresses it many times with node:zlib as a compression middleware
// would (gzip level 6 is `compression`'s default), and prints CPU µs (user + system, all threads)
// and bytes per response. Run alone: `tsx bench/api-compression-cost.ts` (not part of run.ts).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createSandbox, DEFAULT_CLIENT, SEED_IDS } from '#sandbox/index';
import { SCOPES } from '#contract/scopes';

const ITERATIONS = Number(process.env.ITERATIONS ?? 300);

async function statementsPage(): Promise<Buffer> {
  const running = await createSandbox().listen(0, '127.0.0.1');
  try {
    const tokenAnswer = await fetch(`${running.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEFAULT_CLIENT.client_id,
        client_secret: DEFAULT_CLIENT.client_secret,
        scope: SCOPES.listStatements,
      }),
    });
    const { access_token } = (await tokenAnswer.json()) as { access_token: string };
    const page = await fetch(
      `${running.url}/v2/statements?customer_id=${SEED_IDS.largeCustomer}&limit=100`,
      { headers: { authorization: `Bearer ${access_token}` } },
    );
    if (page.status !== 200) throw new Error(`the local upstream answered ${page.status}`);
    return Buffer.from(await page.arrayBuffer());
  } finally {
    await running.close();
  }
}

const page = await statementsPage();
const methods: Array<[string, (b: Buffer) => Buffer]> = [
  ['gzip level 1', (b) => gzipSync(b, { level: 1 })],
  ['gzip level 6 (compression default)', (b) => gzipSync(b, { level: 6 })],
  [
    'brotli quality 4',
    (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  ],
];
console.log(`100-statement page: ${page.length} bytes; ${ITERATIONS} responses per method`);
for (const [name, compress] of methods) {
  for (let i = 0; i < 30; i++) compress(page); // warm-up
  const before = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < ITERATIONS; i++) bytes = compress(page).length;
  const used = process.cpuUsage(before);
  const us = (used.user + used.system) / ITERATIONS;
  console.log(`${name}: ${bytes} bytes, ${Math.round(us)} µs CPU per response`);
}
