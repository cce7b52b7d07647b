// The local upstream: the public surface for the BFF's composition root, its tests and e2e.
export { createSandbox, DEFAULT_CLIENT, BASIC_CLIENT } from './app';
export type { Sandbox, SandboxOptions } from './app';
export type { RunningSandbox } from './http/listen';
export type { FaultConfig } from './control/faults';
export type { SandboxClient } from './auth/oauth';
export { accessToken, requestToken } from './auth/token-request';
export type { SandboxStats } from './control/stats';
export { SEED_IDS } from './seed/seed';
export { SAMPLE_ADDRESSES } from './seed/sample-addresses';
export * as SANDBOX_MAGIC from './seed/magic-values';
