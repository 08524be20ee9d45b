/**
 * What a member of a company may do (docs/product.md §6): an owner everything, including
 * members and the QuickBooks connection; staff the daily work; a viewer only reads. Without
 * zod, so that a page asking what its member may do does not load the schema library
 * (memberRole.ts holds the schema).
 */
export const MEMBER_ROLES = ['owner', 'staff', 'viewer'] as const;

export type MemberRole = (typeof MEMBER_ROLES)[number];

const RANK: Readonly<Record<MemberRole, number>> = { viewer: 0, staff: 1, owner: 2 };

/** Whether a member of `role` may take an action that needs at least `least`. */
export const roleAllows = (role: MemberRole, least: MemberRole): boolean => RANK[role] >= RANK[least];

/** The 403 answer's message for a member whose role is below `least`; the same sentence wherever it is refused. */
export function roleRefusal(least: MemberRole): string {
  return least === 'owner' ? 'Only an owner of the company can do this' : 'Viewers can only look; changing anything needs the staff or owner role';
}
