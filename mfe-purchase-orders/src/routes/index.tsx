import { Route, Routes } from '@printpool/platform';
import { PurchaseOrdersPage } from './PurchaseOrdersPage.js';

/** ./routes: rendered by the shell at /purchase-orders/*; paths below are relative to it. */
export default function PurchaseOrdersRoutes() {
  return (
    <Routes>
      <Route path="*" element={<PurchaseOrdersPage />} />
    </Routes>
  );
}
