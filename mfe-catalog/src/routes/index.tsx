import { NotFoundPage, Route, Routes, useLocation } from '@printpool/platform';
import { CustomersPage } from './CustomersPage.js';
import { ItemsPage } from './ItemsPage.js';

/** ./routes: rendered by the shell at /customers/* and /items/*; the path's first segment picks the page, and a sub-path is a 404. */
export default function CatalogRoutes() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route index element={pathname.startsWith('/items') ? <ItemsPage /> : <CustomersPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
