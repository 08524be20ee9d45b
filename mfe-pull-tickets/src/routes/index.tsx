import { NotFoundPage, Route, Routes } from '@printpool/platform';
import { PullTicketsPage } from './PullTicketsPage.js';

/** ./routes: rendered by the shell at /pull-tickets/*; paths below are relative to it, and one it does not know is a 404. */
export default function PullTicketsRoutes() {
  return (
    <Routes>
      <Route index element={<PullTicketsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
