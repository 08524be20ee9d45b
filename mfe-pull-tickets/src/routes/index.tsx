import { Route, Routes } from '@printpool/platform';
import { PullTicketsPage } from './PullTicketsPage.js';

/** ./routes: rendered by the shell at /pull-tickets/*; paths below are relative to it. */
export default function PullTicketsRoutes() {
  return (
    <Routes>
      <Route path="*" element={<PullTicketsPage />} />
    </Routes>
  );
}
