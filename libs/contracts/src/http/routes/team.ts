import { z } from 'zod';
import { OkBodySchema } from '../common.js';
import type { RouteContract } from '../routeContract.js';
import { ChangeMemberRoleInputSchema, InvitationPreviewSchema, InvitationSentSchema, InviteMemberInputSchema, MemberSchema, TeamSchema } from '../team.js';
import { IfMatchHeadersSchema } from '../versionHeaders.js';

const IdSchema = z.object({ id: z.string() });
const TokenSchema = z.object({ token: z.string() });
const ownerOnly = { 403: { description: 'Only an owner manages the team, or the Origin is not allowed' } } as const;

/** The Team page's routes (svc-gateway/src/routes/team.ts): the gateway owns members and invitations. */
export const TEAM_ROUTES = [
  {
    method: 'get',
    path: '/api/team',
    caller: 'browser',
    tags: ['team'],
    summary: "The company's members with their roles, and its pending invitations",
    responses: { 200: { description: 'Members, oldest first, and invitations, newest first', body: TeamSchema } },
  },
  {
    method: 'post',
    path: '/api/team/invitations',
    caller: 'browser',
    role: 'owner',
    tags: ['team'],
    summary: 'Invite a person by e-mail with a role; the invitation link is e-mailed and valid for 7 days, once',
    body: InviteMemberInputSchema,
    responses: {
      201: { description: 'Invited (a pending invitation to the same address is replaced)', body: InvitationSentSchema },
      ...ownerOnly,
      409: { description: 'The address is already a member of this company or belongs to another company' },
    },
  },
  {
    method: 'delete',
    path: '/api/team/invitations/:id',
    caller: 'browser',
    role: 'owner',
    tags: ['team'],
    summary: 'Revoke a pending invitation: its link stops working',
    params: IdSchema,
    responses: { 200: { description: 'Revoked', body: OkBodySchema }, ...ownerOnly, 404: { description: 'No such pending invitation' } },
  },
  {
    method: 'patch',
    path: '/api/team/members/:id',
    caller: 'browser',
    role: 'owner',
    tags: ['team'],
    summary: "Change a member's role",
    params: IdSchema,
    headers: IfMatchHeadersSchema,
    body: ChangeMemberRoleInputSchema,
    responses: {
      200: { description: 'The member with the new role', body: MemberSchema },
      ...ownerOnly,
      404: { description: 'No such member' },
      409: { description: 'The company would be left without an owner, or VERSION_CONFLICT: the role changed since the version in If-Match' },
    },
  },
  {
    method: 'delete',
    path: '/api/team/members/:id',
    caller: 'browser',
    role: 'owner',
    tags: ['team'],
    summary: 'Remove a member from the company; their sessions end at once',
    params: IdSchema,
    responses: {
      200: { description: 'Removed', body: OkBodySchema },
      ...ownerOnly,
      404: { description: 'No such member' },
      409: { description: 'Owners cannot remove themselves' },
    },
  },
  {
    method: 'get',
    path: '/api/invitations/:token',
    caller: 'anyone',
    tags: ['team'],
    summary: "What an invitation link's page shows: the company, the invited address and role",
    params: TokenSchema,
    responses: {
      200: { description: 'The invitation', body: InvitationPreviewSchema },
      404: { description: 'Unknown, used, revoked or expired' },
    },
  },
] as const satisfies readonly RouteContract[];
