import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite cluster's dump (bff/test-support/pglite-template-setup.ts). */
    pgliteTemplate: string;
  }
}

let template: Blob | undefined;

/**
 * The cluster an in-memory test store starts from: made and migrated once per run, so a test
 * store skips initdb and the migrations (the same SQL, already applied). Read once per file.
 */
export function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}
