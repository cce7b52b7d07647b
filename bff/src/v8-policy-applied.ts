// Applies the BFF's V8 settings (./v8-policy.ts) when evaluated. Import it first in a process's
// entry (server.ts does, and the bench's BFF): WebAssembly compiled before it runs with V8's
// defaults. What the BFF compiles (PGlite's PostgreSQL, undici's parser) is compiled on first use.
import { setFlagsFromString } from 'node:v8';
import { V8_POLICY } from './v8-policy';

for (const flag of V8_POLICY) setFlagsFromString(flag);
