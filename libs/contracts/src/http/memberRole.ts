import { z } from 'zod';
import { MEMBER_ROLES } from './roleRank.js';

export const MemberRoleSchema = z.enum(MEMBER_ROLES, { error: "Role must be 'owner', 'staff' or 'viewer'" }).meta({ id: 'MemberRole' });
