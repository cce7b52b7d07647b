import { z } from 'zod';

// Imported first by main.tsx, before any schema parses. zod 4 compiles object parsers with
// `new Function` unless told not to, and probes for it with `new Function("")` on the first parse:
// the console's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses that, one
// CSP violation per page load (issue 41). Jitless parsing gives the same results without eval.
// Only the browser needs this: the BFF and the sandbox run in Node, where there is no CSP and the
// compiled parsers are the faster path.
z.config({ jitless: true });
