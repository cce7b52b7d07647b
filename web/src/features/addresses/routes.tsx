import type { RouteObject } from 'react-router';
import { lazyPage } from '#web/lib/lazy-page';

const AddressesPage = lazyPage(() => import('./pages/addresses-page'), 'AddressesPage');
const AddressEditorPage = lazyPage(
  () => import('./pages/address-editor-page'),
  'AddressEditorPage',
);
const AddressImportPage = lazyPage(
  () => import('./pages/address-import-page'),
  'AddressImportPage',
);

export const addressesRoutes: RouteObject[] = [
  { path: 'addresses', element: <AddressesPage /> },
  { path: 'addresses/new', element: <AddressEditorPage /> },
  { path: 'addresses/import', element: <AddressImportPage /> },
];
