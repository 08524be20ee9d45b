import type { Knex } from 'knex';
import { Invitation } from './models/Invitation.js';

/** Invitations whose link still works: not used, not revoked, not expired. */
export function pendingInvitations(knex: Knex | Knex.Transaction, now: Date) {
  return Invitation.query(knex).whereNull('used_at').whereNull('revoked_at').where('expires_at', '>', now);
}

/**
 * Uses the newest pending invitation for an address, once: of two sign-ins racing for it, one
 * marks it used and the other finds none.
 */
export async function claimInvitation(trx: Knex.Transaction, emailKey: string, now: Date): Promise<Invitation | undefined> {
  const newest = await pendingInvitations(trx, now).where('email_key', emailKey).orderBy('created_at', 'desc').first();
  if (!newest) return undefined;
  const claimed = await pendingInvitations(trx, now).patch({ usedAt: now }).where('id', newest.id).returning('*');
  return (claimed as unknown as Invitation[])[0];
}
