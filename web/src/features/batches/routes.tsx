import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const NewBatchPage = lazy(() =>
  import('./pages/new-batch-page').then((m) => ({ default: m.NewBatchPage })),
);
const BatchesPage = lazy(() =>
  import('./pages/batches-page').then((m) => ({ default: m.BatchesPage })),
);
const BatchPage = lazy(() => import('./pages/batch-page').then((m) => ({ default: m.BatchPage })));

export const batchesRoutes: RouteObject[] = [
  { path: 'batches', element: <BatchesPage /> },
  { path: 'batches/new', element: <NewBatchPage /> },
  { path: 'batches/:id', element: <BatchPage /> },
];
