// Applies the BFF's V8 settings (./v8-policy.ts) when evaluated. Import it first in a process's
// entry (server.ts does, and the bench's BFF): a module evaluated before it, and any WebAssembly it
// compiles, would run with V8's defaults.
import { setFlagsFromString } from 'node:v8';
import { V8_POLICY } from './v8-policy';

for (const flag of V8_POLICY) setFlagsFromString(flag);
