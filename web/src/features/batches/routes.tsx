import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const NewBatchPage = lazy(() =>
  import('./pages/new-batch-page').then((m) => ({ default: m.NewBatchPage })),
);
const BatchPage = lazy(() => import('./pages/batch-page').then((m) => ({ default: m.BatchPage })));

export const batchesRoutes: RouteObject[] = [
  { path: 'batches/new', element: <NewBatchPage /> },
  { path: 'batches/:id', element: <BatchPage /> },
];
