import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';

// Its own chunk: the passkeys page (and @simplewebauthn/browser) load on first visit.
const PasskeysPage = lazyPage(() => import('./pages/passkeys-page'), 'PasskeysPage');

export const passkeysRoutes: RouteObject[] = [{ path: 'passkeys', element: <PasskeysPage /> }];
