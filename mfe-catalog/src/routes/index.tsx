import { useLocation } from '@printpool/platform';
import { CustomersPage } from './CustomersPage.js';
import { ItemsPage } from './ItemsPage.js';

/** ./routes: rendered by the shell at /customers/* and /items/*; the path's first segment picks the page. */
export default function CatalogRoutes() {
  const { pathname } = useLocation();
  return pathname.startsWith('/items') ? <ItemsPage /> : <CustomersPage />;
}
