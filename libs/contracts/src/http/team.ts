import { z } from 'zod';
import { AccountEmailSchema } from './auth.js';
import { MemberRoleSchema } from './memberRole.js';
import { VersionSchema } from './versionHeaders.js';

/** How long an invitation link may be used (docs/product.md §2 Team page): seven days, once. */
export const INVITATION_VALID_DAYS = 7;

/** A member of the company (a signed-in user of its tenant) as the Team page lists them. */
export const MemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    /** "First Last", else the e-mail: how history and the communication log name the member. */
    name: z.string(),
    role: MemberRoleSchema,
    joinedAt: z.iso.datetime({ offset: true }),
    /** The version of the member's role, which a change of it names. */
    version: VersionSchema,
  })
  .meta({ id: 'Member' });

/** An invitation not yet used, revoked or expired. */
export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: MemberRoleSchema,
    /** The member who sent it. */
    invitedBy: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Invitation' });

/** The Team page: every member and the pending invitations. */
export const TeamSchema = z.object({ members: z.array(MemberSchema), invitations: z.array(InvitationSchema) }).meta({ id: 'Team' });

export const InviteMemberInputSchema = z
  .object({
    email: AccountEmailSchema,
    role: MemberRoleSchema,
  })
  .meta({ id: 'InviteMemberInput' });

export const InvitationSentSchema = z
  .object({
    invitation: InvitationSchema,
    /** Whether the mail server took the e-mail; when not, the communication log says why and it is sent again later. */
    emailSent: z.boolean(),
  })
  .meta({ id: 'InvitationSent' });

export const ChangeMemberRoleInputSchema = z.object({ role: MemberRoleSchema }).meta({ id: 'ChangeMemberRoleInput' });

/** What the invitation link's page shows before the invited person signs in. */
export const InvitationPreviewSchema = z
  .object({
    companyName: z.string(),
    email: z.string(),
    role: MemberRoleSchema,
    invitedBy: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'InvitationPreview' });

export type Member = z.infer<typeof MemberSchema>;
export type Invitation = z.infer<typeof InvitationSchema>;
export type Team = z.infer<typeof TeamSchema>;
export type InviteMemberInput = z.infer<typeof InviteMemberInputSchema>;
export type InvitationSent = z.infer<typeof InvitationSentSchema>;
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleInputSchema>;
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;
