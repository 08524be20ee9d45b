import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { conflict, notFound } from '@printpool/service-kit';
import {
  INVITATION_VALID_DAYS,
  type Invitation as InvitationBody,
  type InvitationPreview,
  type InvitationSent,
  type InviteMemberInput,
} from '@printpool/contracts';
import { pendingInvitations } from '../db/invitations.js';
import { Invitation } from '../db/models/Invitation.js';
import { Tenant } from '../db/models/Tenant.js';
import { User } from '../db/models/User.js';
import { isUuid } from '../domain/ids.js';
import { hashSessionToken, isWellFormedSessionToken, newSessionToken } from '../domain/sessionToken.js';
import type { ActiveSession } from '../auth/sessionStore.js';
import type { InvitationMailer } from './invitationMailer.js';

const VALID_MS = INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000;

export interface InviteDeps {
  knex: Knex;
  mailer: InvitationMailer;
}

/** An invitation as the Team page lists it. */
export function toInvitationBody(invitation: Invitation): InvitationBody {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedByName,
    createdAt: new Date(invitation.createdAt).toISOString(),
    expiresAt: new Date(invitation.expiresAt).toISOString(),
  };
}

/**
 * Invites an address to the owner's company and e-mails the link (`<origin>/invitations/<token>`).
 * One person belongs to one company, so an address with an account is refused here, with why.
 * Inviting an address again replaces its pending invitation: only the newest link works.
 */
export async function inviteMember(
  deps: InviteDeps,
  owner: ActiveSession,
  input: InviteMemberInput,
  origin: string,
  now = new Date(),
): Promise<InvitationSent> {
  const emailKey = input.email.toLowerCase();
  const account = await User.query(deps.knex).where('email_key', emailKey).first();
  if (account?.tenantId === owner.tenantId) throw conflict(`${input.email} is already a member of this company`, { field: 'email' });
  if (account) throw conflict(`${input.email} already belongs to another company on PrintPool`, { field: 'email' });

  const token = newSessionToken();
  const invitation = await deps.knex.transaction(async (trx) => {
    await pendingInvitations(trx, now).patch({ revokedAt: now }).where({ tenant_id: owner.tenantId, email_key: emailKey });
    return Invitation.query(trx).insertAndFetch({
      id: uuidv7(),
      tenantId: owner.tenantId,
      email: input.email,
      emailKey,
      role: input.role,
      tokenHash: hashSessionToken(token),
      invitedBy: owner.userId,
      invitedByName: owner.memberName,
      createdAt: now,
      expiresAt: new Date(now.getTime() + VALID_MS),
    });
  });
  const tenant = await Tenant.query(deps.knex).findById(owner.tenantId);
  try {
    const emailSent = await deps.mailer.send(owner, {
      invitationId: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedBy: invitation.invitedByName,
      companyName: tenant?.name ?? owner.memberName,
      link: `${origin}/invitations/${token}`,
      expiresAt: new Date(invitation.expiresAt).toISOString(),
    });
    return { invitation: toInvitationBody(invitation), emailSent };
  } catch (error) {
    // No e-mail was logged, so no link exists anywhere: the invitation goes and the owner may try again.
    await Invitation.query(deps.knex).delete().where({ id: invitation.id, tenant_id: owner.tenantId });
    throw error;
  }
}

export async function revokeInvitation(knex: Knex, tenantId: string, invitationId: string, now = new Date()): Promise<void> {
  if (!isUuid(invitationId)) throw notFound('Invitation');
  const revoked = await pendingInvitations(knex, now).patch({ revokedAt: now }).where({ id: invitationId, tenant_id: tenantId });
  if (revoked === 0) throw notFound('Invitation');
}

/** The invitation a link names while it still works; a used, revoked, expired or unknown link names none. */
export async function findInvitation(knex: Knex, token: string, now = new Date()): Promise<Invitation | undefined> {
  if (!isWellFormedSessionToken(token)) return undefined;
  return pendingInvitations(knex, now).where('token_hash', hashSessionToken(token)).first();
}

/** What the link's page shows; a link that no longer works is one answer, 404. */
export async function previewInvitation(knex: Knex, token: string): Promise<InvitationPreview> {
  const invitation = await findInvitation(knex, token);
  const tenant = invitation && (await Tenant.query(knex).findById(invitation.tenantId));
  if (!invitation || !tenant) throw notFound('Invitation');
  return {
    companyName: tenant.name,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedByName,
    expiresAt: new Date(invitation.expiresAt).toISOString(),
  };
}
