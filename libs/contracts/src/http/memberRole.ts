import { z } from 'zod';

/**
 * What a member of a company may do (docs/product.md §6): an owner everything, including
 * members and the QuickBooks connection; staff the daily work; a viewer only reads.
 */
export const MEMBER_ROLES = ['owner', 'staff', 'viewer'] as const;

export const MemberRoleSchema = z.enum(MEMBER_ROLES, { error: "Role must be 'owner', 'staff' or 'viewer'" }).meta({ id: 'MemberRole' });

export type MemberRole = z.infer<typeof MemberRoleSchema>;
