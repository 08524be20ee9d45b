import type { ProgramDashboard } from '@printpool/contracts';
import { useQuery } from '@tanstack/react-query';

/** GET /api/dashboard/programs (docs/product.md §11); live events of purchase orders and shipments refresh it (libs/platform liveInvalidation.ts). */
export function useProgramDashboard() {
  return useQuery<ProgramDashboard>({ queryKey: ['/api/dashboard/programs'] });
}
