import type { User, UserSettingsInput } from '@printpool/contracts';
import { fieldDifferences, formVersion } from '@printpool/service-kit';

/** The company's settings the Settings page saves (docs/product.md §5): their version is of these alone. */
const SETTINGS_FIELDS = [
  ['bulkPoSuffix', 'Purchase Order suffix'],
  ['bulkEstimateSuffix', 'Estimate suffix'],
  ['faxNumber', 'Fax number'],
  ['pullTicketPrices', 'Prices on pull tickets'],
] as const satisfies readonly (readonly [keyof User & keyof UserSettingsInput, string])[];

export const settingsVersion = (settings: Pick<User, (typeof SETTINGS_FIELDS)[number][0]>): string => formVersion(SETTINGS_FIELDS, settings);

export const settingsDifferences = (current: User, proposed: UserSettingsInput) => fieldDifferences(SETTINGS_FIELDS, current, proposed);
