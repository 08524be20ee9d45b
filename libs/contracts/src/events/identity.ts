import { z } from 'zod';
import { PULL_TICKET_PRICES } from '../http/user.js';

/** Events the gateway publishes about a broker's account. Data version 1. */
export const IDENTITY_EVENTS = {
  settingsUpdated: 'identity.settings.updated',
} as const;

export type IdentityEventType = (typeof IDENTITY_EVENTS)[keyof typeof IDENTITY_EVENTS];

/**
 * The broker's settings after a change: svc-inventory detects bulk documents by the suffixes,
 * svc-documents prints the fax number and prices on pull tickets and answers mail to the account's
 * e-mail when QuickBooks' CompanyInfo has none.
 */
export const SettingsUpdatedSchema = z.object({
  bulkPoSuffix: z.string().min(1),
  bulkEstimateSuffix: z.string().min(1),
  faxNumber: z.string(),
  /** An event from before the choice existed means 'none': a pull ticket never shows a price unless chosen. */
  pullTicketPrices: z.enum(PULL_TICKET_PRICES).catch('none'),
  /** The account's signed-in user. */
  userEmail: z.string().optional(),
});
export type SettingsUpdated = z.infer<typeof SettingsUpdatedSchema>;

/** The data schema of each identity event type, for consumers that validate what they read. */
export const IDENTITY_EVENT_SCHEMAS: Record<IdentityEventType, z.ZodType> = {
  'identity.settings.updated': SettingsUpdatedSchema,
};
