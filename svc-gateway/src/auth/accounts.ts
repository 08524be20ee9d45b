import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { conflict, type CallerIdentity } from '@printpool/service-kit';
import type { User as UserBody } from '@printpool/contracts';
import { DEFAULT_BULK_SUFFIX } from '@printpool/domain';
import { Tenant } from '../db/models/Tenant.js';
import { User } from '../db/models/User.js';
import { claimInvitation } from '../db/invitations.js';
import { recordSettingsUpdated } from '../events/settingsUpdated.js';
import { settingsVersion } from '../domain/settingsVersion.js';

export interface Profile {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  /** Set for OpenID Connect sign-ins: the account is keyed by issuer + subject, not by e-mail. */
  oidc?: { issuer: string; subject: string; emailVerified: boolean };
}

const UNIQUE_VIOLATION = '23505';

/**
 * The account for a sign-in. The first sign-in of an invited address joins the inviting company;
 * any other first sign-in creates the user and its tenant (a one-member company) together.
 * Two first sign-ins racing for one address meet at the unique key and both end on one account.
 */
export async function signInAccount(knex: Knex, profile: Profile): Promise<CallerIdentity> {
  const existing = await findAccount(knex, profile);
  if (existing) return refreshProfile(knex, existing, profile);
  try {
    return await createAccount(knex, profile);
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    const winner = await findAccount(knex, profile);
    if (!winner) throw conflict('An account with this e-mail address already exists');
    return refreshProfile(knex, winner, profile);
  }
}

async function findAccount(knex: Knex, profile: Profile): Promise<User | undefined> {
  if (profile.oidc) {
    const bySubject = await User.query(knex).where({ oidc_issuer: profile.oidc.issuer, oidc_subject: profile.oidc.subject }).first();
    if (bySubject) return bySubject;
    // Joining an existing account by e-mail is safe only when the issuer vouches for the address.
    if (!profile.oidc.emailVerified) return undefined;
  }
  return User.query(knex).where('email_key', profile.email.toLowerCase()).first();
}

async function createAccount(knex: Knex, profile: Profile): Promise<CallerIdentity> {
  return knex.transaction(async (trx) => {
    const userId = uuidv7();
    // An invited address joins the company that invited it, in the role it was given (docs/product.md §6);
    // by OpenID Connect only when the issuer vouches for the address, as for joining an account.
    const invitation = !profile.oidc || profile.oidc.emailVerified ? await claimInvitation(trx, profile.email.toLowerCase(), new Date()) : undefined;
    if (invitation) {
      await User.query(trx).insert({ ...newUser(profile), id: userId, tenantId: invitation.tenantId, role: invitation.role });
      return { tenantId: invitation.tenantId, userId };
    }
    const tenantId = uuidv7();
    await Tenant.query(trx).insert({
      id: tenantId,
      name: profile.email,
      bulkPoSuffix: DEFAULT_BULK_SUFFIX,
      bulkEstimateSuffix: DEFAULT_BULK_SUFFIX,
      faxNumber: '',
    });
    // The first sign-in creates the company; its first member owns it (docs/product.md §6).
    await User.query(trx).insert({ ...newUser(profile), id: userId, tenantId, role: 'owner' });
    // A new account's settings are the defaults; telling them now also gives documents the
    // account's e-mail to answer mail to before the broker ever saves Settings.
    await recordSettingsUpdated(trx, tenantId, {
      bulkPoSuffix: DEFAULT_BULK_SUFFIX,
      bulkEstimateSuffix: DEFAULT_BULK_SUFFIX,
      faxNumber: '',
      userEmail: profile.email,
    });
    return { tenantId, userId };
  });
}

/** The person's own columns of a new member row. */
function newUser(profile: Profile) {
  return {
    email: profile.email,
    emailKey: profile.email.toLowerCase(),
    oidcIssuer: profile.oidc?.issuer ?? null,
    oidcSubject: profile.oidc?.subject ?? null,
    firstName: profile.firstName ?? null,
    lastName: profile.lastName ?? null,
    profileImageUrl: profile.profileImageUrl ?? null,
  };
}

/** The identity provider is the source of names and pictures; an e-mail sign-in keeps what is stored. */
async function refreshProfile(knex: Knex, user: User, profile: Profile): Promise<CallerIdentity> {
  if (profile.oidc) {
    await User.query(knex)
      .patch({
        oidcIssuer: profile.oidc.issuer,
        oidcSubject: profile.oidc.subject,
        firstName: profile.firstName ?? user.firstName,
        lastName: profile.lastName ?? user.lastName,
        profileImageUrl: profile.profileImageUrl ?? user.profileImageUrl,
        updatedAt: new Date(),
      })
      .where({ id: user.id, tenant_id: user.tenantId });
  }
  return { tenantId: user.tenantId, userId: user.id };
}

/** The signed-in user as the browser sees it (docs/product.md §3), or null when the account is gone. */
export async function loadUser(knex: Knex, identity: CallerIdentity): Promise<UserBody | null> {
  const user = await User.query(knex).where({ id: identity.userId, tenant_id: identity.tenantId }).first();
  if (!user) return null;
  const tenant = await Tenant.query(knex).where('id', identity.tenantId).first();
  if (!tenant) return null;
  return toUserBody(user, tenant);
}

export function toUserBody(user: User, tenant: Tenant): UserBody {
  const body: Omit<UserBody, 'settingsVersion'> = {
    id: user.id,
    role: user.role,
    companyName: tenant.name,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    bulkPoSuffix: tenant.bulkPoSuffix,
    bulkEstimateSuffix: tenant.bulkEstimateSuffix,
    faxNumber: tenant.faxNumber,
    pullTicketPrices: tenant.pullTicketPrices === 'cost' ? 'cost' : 'none',
  };
  return { ...body, settingsVersion: settingsVersion(body) };
}
