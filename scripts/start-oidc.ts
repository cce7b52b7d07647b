// `npm run start:oidc`: the console in AUTH_MODE=oidc on this machine, with a local OpenID Connect
// provider (node-oidc-provider, the tests' one: a development dependency, never a production
// default) and two demo people, so a newcomer can try the mode in one command. Sign in as `ana`
// (asks for withdrawals) or `ben` (approves them) on the provider's form.
import { spawn } from 'node:child_process';
import { startTestProvider } from '../bff/test-support/oidc-test-provider';
import { ROLES } from '../contract/session';

const PORT = Number(process.env.PORT ?? 8080);
const PROVIDER_PORT = Number(process.env.OIDC_PROVIDER_PORT ?? 9090);
const ORIGIN = `http://localhost:${PORT}`;
const SECRET = 'local-demo-secret-not-for-production';

const provider = await startTestProvider(
  {
    ana: { email: 'ana@example.test', name: 'Ana (demo)', groups: ['ops'] },
    ben: { email: 'ben@example.test', name: 'Ben (demo)', groups: ['ops'] },
  },
  { port: PROVIDER_PORT },
);
provider.registerClient({
  clientId: 'asset-ops-console',
  clientSecret: SECRET,
  redirectUri: `${ORIGIN}/auth/callback`,
  postLogoutRedirectUri: `${ORIGIN}/`,
  backchannelLogoutUri: `http://127.0.0.1:${PORT}/auth/backchannel-logout`,
});
const bff = spawn(process.execPath, ['--enable-source-maps', 'dist/bff/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(PORT),
    AUTH_MODE: 'oidc',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'asset-ops-console',
    OIDC_CLIENT_SECRET: SECRET,
    PUBLIC_ORIGIN: ORIGIN,
    // Every role to the demo group: both people may ask and approve (never their own request).
    ROLE_GROUPS: ROLES.map((role) => `${role}=ops`).join(';'),
  },
});
console.log(`Open ${ORIGIN} and sign in as ana or ben at the local provider (${provider.issuer}).`);
const stop = () => bff.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
bff.on('exit', (code) => {
  void provider.close().then(() => process.exit(code ?? 0));
});
