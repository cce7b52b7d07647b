// Imported by main.tsx after the early requests, for its side effect: the code of the page the
// operator opened is asked for while the sign-in (/api/me) is answered. Before, a page's chunk
// was asked for only when the shell rendered its route, after /api/me: on Lighthouse's mobile
// preset the new-withdrawal page waited ~0.4 s (slow 4G) for its code after the sign-in
// (docs/bench.md, "Lighthouse"). The imports name the same modules as the features' routes.tsx,
// so the bundler makes one chunk of each and the route's own lazy import finds it loaded.
// The statements page is not here: index.html preloads it (vite.config.ts, preloadRouteChunks).

/** A page's path (as the address bar has it) and its module, in the routes' order. */
export const ROUTE_PAGES: ReadonlyArray<readonly [RegExp, () => Promise<unknown>]> = [
  [/^\/statements\/[^/]+$/, () => import('../features/statements/pages/statement-detail-page')],
  [/^\/addresses$/, () => import('../features/addresses/pages/addresses-page')],
  [/^\/addresses\/new$/, () => import('../features/addresses/pages/address-editor-page')],
  [/^\/addresses\/import$/, () => import('../features/addresses/pages/address-import-page')],
  [/^\/withdrawals$/, () => import('../features/withdrawals/pages/withdrawals-page')],
  [/^\/withdrawals\/new$/, () => import('../features/withdrawals/pages/new-withdrawal-page')],
  [/^\/withdrawals\/[^/]+$/, () => import('../features/withdrawals/pages/withdrawal-detail-page')],
  [/^\/batches$/, () => import('../features/batches/pages/batches-page')],
  [/^\/batches\/new$/, () => import('../features/batches/pages/new-batch-page')],
  [/^\/batches\/[^/]+$/, () => import('../features/batches/pages/batch-page')],
  [/^\/audit$/, () => import('../features/audit/pages/audit-page')],
  [/^\/approvals$/, () => import('../features/approvals/pages/approvals-page')],
  [/^\/approvals\/[^/]+$/, () => import('../features/approvals/pages/approval-page')],
  [/^\/passkeys$/, () => import('../features/passkeys/pages/passkeys-page')],
  [/^\/policy$/, () => import('../features/policy/pages/policy-page')],
  [/^\/activity$/, () => import('../features/activity/pages/activity-page')],
  [/^\/activity\/[^/]+$/, () => import('../features/activity/pages/transfer-page')],
  [/^\/reconciliation$/, () => import('../features/activity/pages/reconciliation-page')],
];

/** Starts loading the page module of `pathname` (the first match); a failure is the route's to show. */
function startRouteChunk(pathname: string): void {
  const page = ROUTE_PAGES.find(([path]) => path.test(pathname.replace(/\/$/, '') || '/'));
  void page?.[1]().catch(() => undefined);
}

startRouteChunk(window.location.pathname);
