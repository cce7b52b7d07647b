// Before anything that builds a schema: zod parses without its CSP-breaking eval probe.
import './lib/zod-jitless';
// Next, for its side effect: the first reads leave before the rest of the entry is evaluated.
import './app/early-requests-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import './app/styles.css';
import { recoverFromPreloadErrors } from './lib/chunk-load';
import { followSystemTheme } from './lib/theme';

// Before the first render: the page paints in the operator's theme from the start.
followSystemTheme();
// A page's code or CSS that fails to load on first open: reload once, never the raw error.
recoverFromPreloadErrors();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
