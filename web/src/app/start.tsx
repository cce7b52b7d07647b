// The app itself, imported by main.tsx once the shell in index.html has painted.
// Before anything that builds a schema: zod parses without its CSP-breaking eval probe.
import '../lib/zod-jitless';
// Next, for its side effect: the statements page a link names is asked for before the rest of the
// app (React DOM, the router, the shell) has been evaluated and rendered.
import './early-requests-start';
// And the code of the page opened, beside the sign-in rather than after it.
import './route-chunk-start';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './providers';
import { AppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// React replaces the shell index.html painted (the same markup: shell-placeholder.tsx). In a
// transition, so that React renders it in slices: outside one, React 19 renders the first render
// whole in one task, the main thread's longest on a phone (docs/bench.md, "Lighthouse: the largest
// paint was a paragraph React painted late"). A new Suspense boundary still shows its fallback.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
