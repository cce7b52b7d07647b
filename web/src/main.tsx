// The entry: what must happen before the first paint, and nothing that needs React or the app's
// other code. index.html paints the app shell (header, placeholder rows) as soon as it and its
// stylesheet arrive; the app (app/start.tsx: React, the router, the first render) is evaluated
// after that paint, not before it. Its chunks are preloaded from index.html (vite.config.ts), so
// they download beside this one. Before, the app's ~125 KB of JavaScript was evaluated before
// the first frame: on Lighthouse's mobile preset the first contentful paint waited for its
// download and evaluation (docs/bench.md, "Lighthouse").
import './app/styles.css';
import { recoverFromPreloadErrors } from './lib/chunk-load';
import { startEarlyRequest } from './lib/early-requests';
import { followSystemTheme } from './lib/theme';

// The sign-in, which every first open waits for, leaves now.
startEarlyRequest('/api/me');
// Before the first paint: the shell paints in the operator's theme from the start.
followSystemTheme();
// A page's code or CSS that fails to load on first open: reload once, never the raw error.
recoverFromPreloadErrors();

// The app starts in stages, each evaluated in a task of its own: zod with the early requests
// (app/early-start.ts), React DOM's initialisation (app/react-dom-start.ts), the schemas and the
// shared code the app reaches (the `vendor` chunk, through lib/query-client.ts, one of its
// modules), then the app itself (app/start.tsx, which asks for the opened page's code first).
// Evaluated together they were one task of ~45 ms on this machine, ~180 ms on Lighthouse's phone
// (4x slower): the largest part of the new-withdrawal page's blocking time (docs/bench.md,
// "Lighthouse"). The page waits for none of it longer: the stages' code arrives together
// (index.html preloads it) and a timer's task follows at once.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // A chunk that fails to load is reported by Vite's preload helper (vite:preloadError, above).
  void import('./app/early-start')
    .then(nextTask)
    .then(() => import('./app/react-dom-start'))
    .then(nextTask)
    .then(() => import('./lib/query-client'))
    .then(nextTask)
    .then(() => import('./app/start'));
};
// A task queued from an animation frame runs after that frame is painted. The timer covers a tab
// opened in the background, which paints no frame until it is shown.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
