import { Route, Routes } from '@printpool/platform';
import { SalesOrdersPage } from './SalesOrdersPage.js';

/** ./routes: rendered by the shell at /sales-orders/*; paths below are relative to it. */
export default function SalesOrdersRoutes() {
  return (
    <Routes>
      <Route path="*" element={<SalesOrdersPage />} />
    </Routes>
  );
}
