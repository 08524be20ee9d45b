import type { Knex } from 'knex';
import { ChangeMemberRoleInputSchema, InviteMemberInputSchema } from '@printpool/contracts';
import { answerVersioned, basedOnVersion, createRouter, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import type { MemberChanges } from '../auth/memberChanges.js';
import { requireSession } from '../http/session.js';
import { inviteMember, previewInvitation, revokeInvitation } from '../team/invitations.js';
import type { InvitationMailer } from '../team/invitationMailer.js';
import { changeMemberRole, readTeam, removeMember } from '../team/members.js';

export interface TeamRouteDeps {
  knex: Knex;
  mailer: InvitationMailer;
  /** A removal or a role change counts from the member's next request, on every gateway replica. */
  memberChanges: Pick<MemberChanges, 'change'>;
  /** The address browsers use, for the invitation link; else the one this request came to. */
  publicOrigin?: string;
}

/**
 * The Team page (docs/product.md §2): members, roles and invitations. Every member reads it; only
 * an owner changes it (the route contracts' `role`, libs/contracts/src/http/routes/team.ts).
 */
export function teamRoutes(deps: TeamRouteDeps): ServiceRouter {
  const router = createRouter('/api');

  router.get('/team', async (ctx) => {
    ctx.body = await readTeam(deps.knex, requireSession(ctx).tenantId);
  });

  router.post('/team/invitations', async (ctx) => {
    const session = requireSession(ctx);
    const input = parseInput(InviteMemberInputSchema, requestBody(ctx));
    ctx.status = 201;
    ctx.body = await inviteMember(deps, session, input, deps.publicOrigin ?? ctx.origin);
  });

  router.delete('/team/invitations/:id', async (ctx) => {
    await revokeInvitation(deps.knex, requireSession(ctx).tenantId, ctx.params.id!);
    ctx.body = { ok: true };
  });

  router.patch('/team/members/:id', async (ctx) => {
    const session = requireSession(ctx);
    const basedOn = basedOnVersion(ctx);
    const { role } = parseInput(ChangeMemberRoleInputSchema, requestBody(ctx));
    answerVersioned(
      ctx,
      await deps.memberChanges.change(session.tenantId, () => changeMemberRole(deps.knex, session.tenantId, session.userId, ctx.params.id!, role, basedOn)),
    );
  });

  router.delete('/team/members/:id', async (ctx) => {
    const session = requireSession(ctx);
    await deps.memberChanges.change(session.tenantId, () => removeMember(deps.knex, session.tenantId, session.userId, ctx.params.id!));
    ctx.body = { ok: true };
  });

  // The invitation link's page asks this before anyone is signed in.
  router.get('/invitations/:token', async (ctx) => {
    ctx.body = await previewInvitation(deps.knex, ctx.params.token!);
  });

  return router;
}
