import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';

const NewBatchPage = lazyPage(() => import('./pages/new-batch-page'), 'NewBatchPage');
const BatchesPage = lazyPage(() => import('./pages/batches-page'), 'BatchesPage');
const BatchPage = lazyPage(() => import('./pages/batch-page'), 'BatchPage');

export const batchesRoutes: RouteObject[] = [
  { path: 'batches', element: <BatchesPage /> },
  { path: 'batches/new', element: <NewBatchPage /> },
  { path: 'batches/:id', element: <BatchPage /> },
];
