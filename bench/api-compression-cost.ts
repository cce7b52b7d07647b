// What compressing an API answer would cost the BFF per request (issue 27 item 1: "API answers
// stay uncompressed unless measured worth it"). Takes the local upstream's 100-statement page
// (the proxy bench's page), compresses it many times with node:zlib as a compression middleware
// would (gzip level 6 is `compression`'s default), and prints CPU µs (user + system, all threads)
// and bytes per response, for gzip 1-9 and brotli 0-11. Run alone: `tsx bench/api-compression-cost.ts` (not part of run.ts).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createSandbox, DEFAULT_CLIENT, SEED_IDS } from '#sandbox/index';
import { SCOPES } from '#contract/scopes';

const ITERATIONS = Number(process.env.ITERATIONS ?? 300);

async function statementsPages(limits: number[]): Promise<Array<[number, Buffer]>> {
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
    const pages: Array<[number, Buffer]> = [];
    for (const limit of limits) {
      const page = await fetch(
        `${running.url}/v2/statements?customer_id=${SEED_IDS.largeCustomer}&limit=${limit}`,
        { headers: { authorization: `Bearer ${access_token}` } },
      );
      if (page.status !== 200) throw new Error(`the local upstream answered ${page.status}`);
      pages.push([limit, Buffer.from(await page.arrayBuffer())]);
    }
    return pages;
  } finally {
    await running.close();
  }
}

// Every level (issue 41 item 3: the level is chosen by measurement), on the UI's default page (25)
// and the proxy bench's (100). CPU times are noisy on a shared machine; the bytes are exact.
const methods: Array<[string, (b: Buffer) => Buffer]> = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((level): [string, (b: Buffer) => Buffer] => [
    `gzip ${level}`,
    (b) => gzipSync(b, { level }),
  ]),
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((quality): [string, (b: Buffer) => Buffer] => [
    `brotli ${quality}`,
    (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
  ]),
];
for (const [limit, page] of await statementsPages([25, 100])) {
  console.log(
    `\n${limit}-statement page: ${page.length} bytes; ${ITERATIONS} responses per method`,
  );
  console.log('method | bytes | saved | µs CPU per response');
  for (const [name, compress] of methods) {
    const runs =
      name === 'brotli 10' || name === 'brotli 11' ? Math.ceil(ITERATIONS / 10) : ITERATIONS;
    for (let i = 0; i < Math.min(30, runs); i++) compress(page); // warm-up
    const before = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < runs; i++) bytes = compress(page).length;
    const used = process.cpuUsage(before);
    const us = (used.user + used.system) / runs;
    const saved = `${Math.round((100 * (page.length - bytes)) / page.length)}%`;
    console.log(`${name} | ${bytes} | ${page.length - bytes} (${saved}) | ${Math.round(us)}`);
  }
}
