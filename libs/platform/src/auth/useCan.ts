import { roleAllows, type MemberRole } from '@printpool/contracts';
import { useAuth } from './useAuth.js';

/**
 * Whether the signed-in member's role allows an action that needs at least `least`
 * (docs/product.md §6): the page offers only what the services would accept. A member whose
 * role is not known (still loading, or a gateway that predates roles) is a viewer.
 */
export function useCan(least: MemberRole): boolean {
  const { user } = useAuth();
  return roleAllows(user?.role ?? 'viewer', least);
}
