// Assembles bff/src/upstream/json-complete.wat into json-complete-wasm.ts (the bytes as base64,
// so the BFF's bundle carries them with no file to find at run time). Run after editing the .wat:
//   npx tsx scripts/build-json-complete-wasm.ts
// json-complete.test.ts assembles the .wat again and fails when the committed bytes differ.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assembleJsonCompleteWasm,
  jsonCompleteWasmModuleText,
  UPSTREAM_DIR,
} from '#bff-test/json-complete-assembler';

const bytes = await assembleJsonCompleteWasm();
writeFileSync(join(UPSTREAM_DIR, 'json-complete-wasm.ts'), jsonCompleteWasmModuleText(bytes));
console.log(`json-complete-wasm.ts: ${bytes.length} bytes of WebAssembly`);
