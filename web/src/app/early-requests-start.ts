// Imported first by app/start.tsx, for its side effect: the page of statements a /statements link
// names leaves (like the sign-in, which main.tsx starts before the first paint) before the rest of the app
// (React DOM, the router, the shell) has been evaluated and rendered. The app adopts them through
// its one call path (lib/early-requests.ts); the page still asks for them as before, so nothing
// here decides what is shown.
import { statementsPageUrlOf } from '../features/statements/lib/prefetch-statements-page';
import { startEarlyRequest } from '../lib/early-requests';

// The sign-in (/api/me) left earlier still, from main.tsx, before the first paint.
if (window.location.pathname === '/statements') {
  const url = statementsPageUrlOf(new URLSearchParams(window.location.search));
  if (url !== undefined) startEarlyRequest(url);
}
