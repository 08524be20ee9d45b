import type { Knex } from 'knex';
import { conflict, fieldDifferences, forbidden, formVersion, notFound, versionConflict } from '@printpool/service-kit';
import { roleRefusal, type Member, type MemberRole, type Team } from '@printpool/contracts';
import { pendingInvitations } from '../db/invitations.js';
import { Session } from '../db/models/Session.js';
import { Tenant } from '../db/models/Tenant.js';
import { User } from '../db/models/User.js';
import { isUuid } from '../domain/ids.js';
import { memberName } from '../domain/memberName.js';
import { toInvitationBody } from './invitations.js';

export const NO_OWNER_LEFT = 'The company needs at least one owner';
export const CANNOT_REMOVE_YOURSELF = 'You cannot remove yourself from the company';

export function toMember(user: User): Member {
  return {
    id: user.id,
    email: user.email,
    name: memberName(user),
    role: user.role,
    joinedAt: new Date(user.createdAt).toISOString(),
    version: formVersion(MEMBER_FORM, user),
  };
}

/** What the Team page changes on a member: the role, so a member's version is of that alone. */
const MEMBER_FORM = [['role', 'Role']] as const satisfies readonly (readonly [keyof Member & keyof User, string])[];

/** The Team page: members oldest first, pending invitations newest first. */
export async function readTeam(knex: Knex, tenantId: string, now = new Date()): Promise<Team> {
  const [users, invitations] = await Promise.all([
    User.query(knex)
      .where('tenant_id', tenantId)
      .orderBy([{ column: 'created_at' }, { column: 'id' }]),
    pendingInvitations(knex, now).where('tenant_id', tenantId).orderBy('created_at', 'desc'),
  ]);
  return {
    members: users.map(toMember),
    invitations: invitations.map(toInvitationBody),
  };
}

/**
 * Changes to a company's members take turns on its tenant row, and each re-reads, inside that
 * lock, that its caller is still an owner: the role check at the route read a session that
 * another owner's change, committed a moment before, may have made stale. So two owners demoting
 * or removing each other at once cannot leave the company without an owner.
 */
async function lockedMember(trx: Knex.Transaction, tenantId: string, callerId: string, memberId: string): Promise<User> {
  if (!isUuid(memberId)) throw notFound('Member');
  await Tenant.query(trx).findById(tenantId).forUpdate();
  const caller = await User.query(trx).where({ id: callerId, tenant_id: tenantId }).first();
  if (caller?.role !== 'owner') throw forbidden(roleRefusal('owner'));
  const member = await User.query(trx).where({ id: memberId, tenant_id: tenantId }).first();
  if (!member) throw notFound('Member');
  return member;
}

/** Refuses a change that would leave the company with no owner; the tenant row is locked (lockedMember). */
async function keepAnOwner(trx: Knex.Transaction, tenantId: string, member: User): Promise<void> {
  if (member.role !== 'owner') return;
  const owners = await User.query(trx).where({ tenant_id: tenantId, role: 'owner' }).resultSize();
  if (owners <= 1) throw conflict(NO_OWNER_LEFT);
}

export async function changeMemberRole(knex: Knex, tenantId: string, callerId: string, memberId: string, role: MemberRole, basedOn: string): Promise<Member> {
  return knex.transaction(async (trx) => {
    const member = await lockedMember(trx, tenantId, callerId, memberId);
    const current = toMember(member);
    if (current.version !== basedOn) throw versionConflict("member's role", current, fieldDifferences(MEMBER_FORM, current, { role }));
    if (role !== 'owner') await keepAnOwner(trx, tenantId, member);
    const changed = await User.query(trx).patchAndFetchById(member.id, { role, updatedAt: new Date() });
    return toMember(changed);
  });
}

/** Removes a member and ends their sessions in the same commit; the session caches hear of it (auth/sessionCache.ts). */
export async function removeMember(knex: Knex, tenantId: string, callerId: string, memberId: string): Promise<void> {
  if (memberId === callerId) throw conflict(CANNOT_REMOVE_YOURSELF);
  await knex.transaction(async (trx) => {
    const member = await lockedMember(trx, tenantId, callerId, memberId);
    await keepAnOwner(trx, tenantId, member);
    await Session.query(trx).delete().where({ tenant_id: tenantId, user_id: member.id });
    await User.query(trx).delete().where({ id: member.id, tenant_id: tenantId });
  });
}
