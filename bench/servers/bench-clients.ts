import { ALL_SCOPES } from '../../contract/scopes';

/** One sandbox client per caller, so the sandbox counts token requests per caller. */
export const BENCH_CLIENTS = {
  proxy: { client_id: 'bench-proxy', client_secret: 'bench-proxy-secret', scopes: ALL_SCOPES },
  direct: { client_id: 'bench-direct', client_secret: 'bench-direct-secret', scopes: ALL_SCOPES },
};
