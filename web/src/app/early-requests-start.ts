// Imported first by main.tsx, for its side effect: the reads every first open makes (the
// sign-in) and the page of statements a /statements link names leave before the rest of the entry
// (React DOM, the router, the shell) has been evaluated and rendered. The app adopts them through
// its one call path (lib/early-requests.ts); the page still asks for them as before, so nothing
// here decides what is shown.
import { statementsPageUrlOf } from '../features/statements/lib/prefetch-statements-page';
import { startEarlyRequest } from '../lib/early-requests';

startEarlyRequest('/api/me');
if (window.location.pathname === '/statements') {
  const url = statementsPageUrlOf(new URLSearchParams(window.location.search));
  if (url !== undefined) startEarlyRequest(url);
}
