import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The BFF's Prometheus metrics. One registry per app (not prom-client's global one) so several
 * apps in one process (tests, the benchmark) never collide.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Histogram<'method' | 'route' | 'status'>;
  upstreamRequests: Counter<'operation' | 'status'>;
  upstreamErrors: Counter<'operation' | 'kind'>;
  tokenRequests: Counter<'scope' | 'result'>;
  /** 1 when the last token request got a token, else 0 (also before the first request). */
  tokenEndpointUp: Gauge;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Histogram({
      name: 'bff_http_request_duration_seconds',
      help: 'BFF requests by route and status, with latency',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    upstreamRequests: new Counter({
      name: 'bff_upstream_requests_total',
      help: 'Calls to the upstream API by operation and status (each attempt counts)',
      labelNames: ['operation', 'status'],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'bff_upstream_errors_total',
      help: 'Upstream calls that failed without a usable answer (timeout, network, malformed)',
      labelNames: ['operation', 'kind'],
      registers: [registry],
    }),
    tokenRequests: new Counter({
      name: 'bff_token_requests_total',
      help: 'Requests to the OAuth2 token endpoint by scope and result',
      labelNames: ['scope', 'result'],
      registers: [registry],
    }),
    tokenEndpointUp: new Gauge({
      name: 'bff_token_endpoint_up',
      help: 'Whether the last request to the OAuth2 token endpoint got a token (1) or failed (0)',
      registers: [registry],
    }),
  };
}
