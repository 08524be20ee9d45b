import { IF_MATCH_HEADER, type RouteInput } from '@printpool/contracts';
import { AUTH_USER_KEY, callRoute, useNotifiedMutation } from '@printpool/platform';

/** The settings form's values: PATCH /api/user/settings' body (libs/contracts user.ts). */
export type BulkSettings = RouteInput<'patch /api/user/settings'>['body'];

/** A save of the settings form, on the version of the settings it was filled from (libs/contracts versionedWrite.ts). */
export interface SettingsSave {
  settings: BulkSettings;
  version: string;
}

export function useSaveSettings() {
  return useNotifiedMutation({
    mutationFn: ({ settings, version }: SettingsSave) =>
      callRoute('patch /api/user/settings', { body: settings, headers: { [IF_MATCH_HEADER]: `"${version}"` } }),
    invalidates: [AUTH_USER_KEY],
    success: { title: 'Settings Updated', description: 'Your BULK identification settings have been saved successfully.' },
    // A save refused because someone saved meanwhile says so in words, beside the review of what differs.
    failure: { title: 'Update Failed', fallback: 'Failed to update settings' },
  });
}

export function useTestDetection() {
  return useNotifiedMutation({
    mutationFn: ({ bulkPoSuffix, bulkEstimateSuffix }: BulkSettings) =>
      callRoute('post /api/quickbooks/test-bulk-detection', { body: { bulkPoSuffix, bulkEstimateSuffix } }),
    success: (_settings, { bulkPOsDetected, bulkEstimatesDetected }) => ({
      title: 'Test Completed',
      description: `Found ${bulkPOsDetected} BULK POs and ${bulkEstimatesDetected} BULK Estimates with current settings.`,
    }),
    failure: { title: 'Test Failed', fallback: 'Failed to test BULK detection' },
  });
}
