// Which compression level the BFF's JSON answers use (issue 41 item 3): the bench's pages (the
// statements page of the demo customer, as the SPA asks for it, and the proxy bench's 100-statement
// page) compressed with node:zlib at gzip 1..9 and brotli 0..11, bytes saved against CPU µs per
// response, and the UI's default page of the large customer (25 statements). The one script for
// what compressing an answer costs (it replaced api-compression-cost.ts, which measured the same
// two large-customer pages). Run alone: `npx tsx bench/api-compression-levels.ts` (not part of run.ts).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { accessToken, createSandbox, DEFAULT_CLIENT, SEED_IDS } from '#sandbox/index';
import { SCOPES } from '#contract/scopes';

const ITERATIONS = Number(process.env.ITERATIONS ?? 100);

async function pages(): Promise<Array<[string, Buffer]>> {
  const running = await createSandbox().listen(0, '127.0.0.1');
  try {
    const access_token = await accessToken(running.url, DEFAULT_CLIENT, [SCOPES.listStatements]);
    const read = async (customer: string, limit: number) => {
      const page = await fetch(
        `${running.url}/v2/statements?customer_id=${customer}&limit=${limit}`,
        { headers: { authorization: `Bearer ${access_token}` } },
      );
      if (page.status !== 200) throw new Error(`the local upstream answered ${page.status}`);
      return Buffer.from(await page.arrayBuffer());
    };
    return [
      ['demo customer, 25 statements', await read(SEED_IDS.exampleCustomer, 25)],
      ['large customer, 25 statements', await read(SEED_IDS.largeCustomer, 25)],
      ['large customer, 100 statements', await read(SEED_IDS.largeCustomer, 100)],
    ];
  } finally {
    await running.close();
  }
}

const methods: Array<[string, (b: Buffer) => Buffer]> = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(
    (level) =>
      [`gzip ${level}`, (b: Buffer) => gzipSync(b, { level })] as [string, (b: Buffer) => Buffer],
  ),
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(
    (quality) =>
      [
        `br ${quality}`,
        (b: Buffer) =>
          brotliCompressSync(b, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: quality,
              [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
            },
          }),
      ] as [string, (b: Buffer) => Buffer],
  ),
];

for (const [label, page] of await pages()) {
  console.log(`\n${label}: ${page.length} bytes; ${ITERATIONS} responses per level`);
  console.log('| coding | bytes | saved | CPU µs / response | µs per KB saved |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, compress] of methods) {
    const iterations =
      name === 'br 10' || name === 'br 11' ? Math.ceil(ITERATIONS / 10) : ITERATIONS;
    for (let i = 0; i < 5; i++) compress(page); // warm-up
    const before = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < iterations; i++) bytes = compress(page).length;
    const used = process.cpuUsage(before);
    const us = (used.user + used.system) / iterations;
    const saved = page.length - bytes;
    console.log(
      `| ${name} | ${bytes} | ${((saved / page.length) * 100).toFixed(1)}% | ${Math.round(us)} | ${(us / (saved / 1024)).toFixed(1)} |`,
    );
  }
}
