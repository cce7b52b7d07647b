// Imported first by main.tsx, for its side effect, before any module that builds a schema (the
// contract/ modules included): zod 4 decides at each object schema's construction whether to
// compile its parser, and to decide it probes `new Function("")`, which our Content-Security-
// Policy (`script-src 'self'`, no 'unsafe-eval') refuses and reports as a violation on every
// page (issue 41). Jitless parsing never makes the probe; the interpreted parser it uses instead
// is what the CSP left us with anyway (the probe failed, so nothing was ever compiled).
import { z } from 'zod';

z.config({ jitless: true });
