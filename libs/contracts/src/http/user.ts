import { z } from 'zod';
import { MemberRoleSchema } from './memberRole.js';
import { VersionSchema } from './versionHeaders.js';

export const SUFFIX_MAX_LENGTH = 20;

/** Which price a pull ticket shows the vendor: none (the default) or the broker's cost. */
export const PULL_TICKET_PRICES = ['none', 'cost'] as const;
export type PullTicketPrices = (typeof PULL_TICKET_PRICES)[number];

// The stored form of a fax number (docs/product.md §5): empty, or ten digits shown as (NNN) NNN-NNNN.
// The same rule as isValidFaxNumber in @printpool/domain; contracts stay free of dependencies.
const FAX_PATTERN = /^(\(\d{3}\) \d{3}-\d{4})?$/;

const suffix = (required: string, label: string) =>
  z.string({ error: required }).trim().min(1, required).max(SUFFIX_MAX_LENGTH, `${label} must be at most ${SUFFIX_MAX_LENGTH} characters`);

/** The signed-in member (docs/product.md §3), their role in the company, and the company's bulk detection settings. */
export const UserSchema = z
  .object({
    id: z.string(),
    /** What the member may do; the browser offers only the actions this role allows. */
    role: MemberRoleSchema,
    /** The company (tenant) the member belongs to. */
    companyName: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    profileImageUrl: z.string().nullable(),
    bulkPoSuffix: z.string(),
    bulkEstimateSuffix: z.string(),
    faxNumber: z.string(),
    /** What a pull ticket prints as price: 'none', or 'cost' (the bulk PO line's unit cost); never the customer's price. */
    pullTicketPrices: z.enum(PULL_TICKET_PRICES),
    /** The version of the company's settings above: a save names it in If-Match. */
    settingsVersion: VersionSchema,
  })
  .meta({ id: 'User' });

/** Settings form (docs/product.md §5). A missing faxNumber leaves the stored one unchanged. */
export const UserSettingsInputSchema = z
  .object({
    bulkPoSuffix: suffix('Purchase Order suffix is required', 'Purchase Order suffix'),
    bulkEstimateSuffix: suffix('Estimate suffix is required', 'Estimate suffix'),
    faxNumber: z.string({ error: 'Fax number must be text' }).trim().regex(FAX_PATTERN, 'Fax number must be empty or formatted as (555) 123-4567').optional(),
    /** Left out: the stored choice stays. */
    pullTicketPrices: z.enum(PULL_TICKET_PRICES, { error: "Pull ticket prices must be 'none' or 'cost'" }).optional(),
  })
  .meta({ id: 'UserSettingsInput' });

export type User = z.infer<typeof UserSchema>;
export type UserSettingsInput = z.infer<typeof UserSettingsInputSchema>;
