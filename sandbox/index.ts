// The local upstream: the public surface for the BFF's composition root, its tests and e2e.
export { createSandbox, DEFAULT_CLIENT, BASIC_CLIENT } from './app';
export type { Sandbox, SandboxOptions, RunningSandbox } from './app';
export type { FaultConfig } from './faults';
export type { SandboxClient } from './oauth';
export type { SandboxStats } from './stats';
export { SEED_IDS } from './seed';
export { SAMPLE_ADDRESSES } from './sample-addresses';
export * as SANDBOX_MAGIC from './magic-values';
