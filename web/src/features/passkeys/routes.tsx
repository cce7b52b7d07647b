import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: the passkeys page (and @simplewebauthn/browser) load on first visit.
const PasskeysPage = lazy(() =>
  import('./pages/passkeys-page').then((module) => ({ default: module.PasskeysPage })),
);

export const passkeysRoutes: RouteObject[] = [{ path: 'passkeys', element: <PasskeysPage /> }];
