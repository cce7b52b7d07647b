// A stage of the app's start (main.tsx runs the stages in tasks of their own, after the first
// paint): zod in its CSP-safe mode before any schema is built, and the statements page a link
// names asked for while the sign-in is answered. Evaluating it builds zod and the schemas the
// statements page's request reaches (contract/statements.ts: the vite.config.ts `early` chunk);
// React DOM and the rest of the app come in the next stages.
import '../lib/zod-jitless';
import './early-requests-start';
