// The local upstream for the bench: the BFF uses the default client, the minimal proxy and the
// direct calls their own (bench-clients.ts), so token requests are counted per caller.
import { BENCH_CLIENTS } from './bench-clients';
import { createSandbox, DEFAULT_CLIENT } from '../../sandbox/index';
import { memoryAfterGc, serveParent } from './child-protocol';

const sandbox = createSandbox({
  clients: [DEFAULT_CLIENT, BENCH_CLIENTS.proxy, BENCH_CLIENTS.direct],
});
const running = await sandbox.listen(0, '127.0.0.1');
serveParent((what) => (what === 'stats' ? sandbox.stats() : memoryAfterGc()));
process.send!({ type: 'ready', url: running.url });
