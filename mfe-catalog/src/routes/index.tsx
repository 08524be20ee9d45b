import { NotFoundPage, Route, Routes, useLocation } from '@printpool/platform';
import { CustomerPage } from './CustomerPage.js';
import { CustomersPage } from './CustomersPage.js';
import { ItemsPage } from './ItemsPage.js';

/** ./routes: rendered by the shell at /customers/* and /items/*; the path's first segment picks the list, a customer's page is /customers/:id, and any other sub-path is a 404. */
export default function CatalogRoutes() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route index element={pathname.startsWith('/items') ? <ItemsPage /> : <CustomersPage />} />
      {pathname.startsWith('/customers') && <Route path=":id" element={<CustomerPage />} />}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
