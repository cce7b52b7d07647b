import { ALL_SCOPES } from '#contract/scopes';

/** One sandbox client per caller, so the sandbox counts token requests per caller. */
export const BENCH_CLIENTS = {
  proxy: { client_id: 'bench-proxy', client_secret: 'bench-proxy-secret', scopes: ALL_SCOPES },
  direct: { client_id: 'bench-direct', client_secret: 'bench-direct-secret', scopes: ALL_SCOPES },
};

/** The SSO assertion the BFF checks in jwt mode (the bench signs it with its own ES256 key). */
export const BENCH_JWT = {
  header: 'x-bench-assertion',
  issuer: 'https://sso.bench.invalid',
  audience: 'asset-ops-console',
  groups: ['console-viewers'],
};

/** The customer whose statements the cached upstream pages through for the export bench. */
export const EXPORT_CUSTOMER = '0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e';
