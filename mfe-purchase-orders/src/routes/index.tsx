import { NotFoundPage, Route, Routes } from '@printpool/platform';
import { ProgramPage } from './ProgramPage.js';
import { PurchaseOrdersPage } from './PurchaseOrdersPage.js';

/** ./routes: rendered by the shell at /purchase-orders/*; paths below are relative to it, and one it does not know is a 404. */
export default function PurchaseOrdersRoutes() {
  return (
    <Routes>
      <Route index element={<PurchaseOrdersPage />} />
      <Route path=":id/program" element={<ProgramPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
