// Standalone local upstream: `npm run sandbox`. Listens only; everything else is in app.ts.
import { createSandbox, DEFAULT_CLIENT } from './app';

const rawPort = process.env.SANDBOX_PORT?.trim() || '4010';
const port = Number(rawPort);
if (!/^[0-9]+$/.test(rawPort) || port > 65_535) {
  console.error(`SANDBOX_PORT must be a port number, got ${process.env.SANDBOX_PORT}`);
  process.exit(1);
}

const sandbox = createSandbox();
const running = await sandbox.listen(port, '127.0.0.1');
console.log(`Local upstream (sandbox) listening on ${running.url}`);
console.log(`  API base URL:  ${running.url}/v2`);
console.log(`  Token URL:     ${running.url}/oauth2/token`);
console.log(`  Client id:     ${DEFAULT_CLIENT.client_id}`);
console.log(
  `  Client secret: ${DEFAULT_CLIENT.client_secret}   (a local test credential, not a real secret)`,
);
console.log(`  Scopes:        ${DEFAULT_CLIENT.scopes.join(' ')}`);
console.log('  See sandbox/README.md for the seeded ids and curl examples.');

const stop = () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
