import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { activityRoutes } from '../features/activity/routes';
import { addressesRoutes } from '../features/addresses/routes';
import { approvalsRoutes } from '../features/approvals/routes';
import { auditRoutes } from '../features/audit/routes';
import { batchesRoutes } from '../features/batches/routes';
import { passkeysRoutes } from '../features/passkeys/routes';
import { policyRoutes } from '../features/policy/routes';
import { statementsRoutes } from '../features/statements/routes';
import { withdrawalsRoutes } from '../features/withdrawals/routes';
import { ROUTE_PAGES } from './route-chunk-start';

const pathsOf = (routes: RouteObject[]) =>
  routes.map((route) => `/${route.path!.replace(/:[^/]+/g, 'x-1')}`);

describe('the page chunk started beside the sign-in', () => {
  it('has a page for every route but /statements, which index.html preloads', () => {
    const paths = [
      activityRoutes,
      addressesRoutes,
      approvalsRoutes,
      auditRoutes,
      batchesRoutes,
      passkeysRoutes,
      policyRoutes,
      statementsRoutes,
      withdrawalsRoutes,
    ].flatMap(pathsOf);
    const unmatched = paths.filter((path) => !ROUTE_PAGES.some(([pattern]) => pattern.test(path)));
    expect(unmatched).toEqual(['/statements']);
  });

  it('takes a fixed path before a parameter (new is not a withdrawal id)', () => {
    const first = (path: string) => ROUTE_PAGES.find(([pattern]) => pattern.test(path))?.[1];
    expect(first('/withdrawals/new')?.toString()).toContain('new-withdrawal-page');
    expect(first('/batches/new')?.toString()).toContain('new-batch-page');
    expect(first('/withdrawals/WD-1')?.toString()).toContain('withdrawal-detail-page');
  });
});
