import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Route-level code splitting: each page is its own chunk, fetched when first visited.
const AddressesPage = lazy(() =>
  import('./pages/addresses-page').then((m) => ({ default: m.AddressesPage })),
);
const AddressEditorPage = lazy(() =>
  import('./pages/address-editor-page').then((m) => ({ default: m.AddressEditorPage })),
);
const AddressImportPage = lazy(() =>
  import('./pages/address-import-page').then((m) => ({ default: m.AddressImportPage })),
);

export const addressesRoutes: RouteObject[] = [
  { path: 'addresses', element: <AddressesPage /> },
  { path: 'addresses/new', element: <AddressEditorPage /> },
  { path: 'addresses/import', element: <AddressImportPage /> },
];
