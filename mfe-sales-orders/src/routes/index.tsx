import { NotFoundPage, Route, Routes } from '@printpool/platform';
import { SalesOrdersPage } from './SalesOrdersPage.js';

/** ./routes: rendered by the shell at /sales-orders/*; paths below are relative to it, and one it does not know is a 404. */
export default function SalesOrdersRoutes() {
  return (
    <Routes>
      <Route index element={<SalesOrdersPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
