import { IF_MATCH_HEADER } from '@printpool/contracts';
import { apiRequest, AUTH_USER_KEY, useNotifiedMutation } from '@printpool/platform';

export interface BulkSettings {
  bulkPoSuffix: string;
  bulkEstimateSuffix: string;
  faxNumber: string;
  /** Saved with the settings; bulk detection does not read it. */
  pullTicketPrices?: 'none' | 'cost';
}

interface DetectionResult {
  bulkPOsDetected: number;
  bulkEstimatesDetected: number;
}

/** A save of the settings form, on the version of the settings it was filled from (libs/contracts versionedWrite.ts). */
export interface SettingsSave {
  settings: BulkSettings;
  version: string;
}

export function useSaveSettings() {
  return useNotifiedMutation({
    mutationFn: ({ settings, version }: SettingsSave) => apiRequest('PATCH', '/api/user/settings', settings, { [IF_MATCH_HEADER]: `"${version}"` }),
    invalidates: [AUTH_USER_KEY],
    success: { title: 'Settings Updated', description: 'Your BULK identification settings have been saved successfully.' },
    // A save refused because someone saved meanwhile says so in words, beside the review of what differs.
    failure: { title: 'Update Failed', fallback: 'Failed to update settings' },
  });
}

export function useTestDetection() {
  return useNotifiedMutation({
    mutationFn: async ({ bulkPoSuffix, bulkEstimateSuffix, faxNumber }: BulkSettings) =>
      (await (await apiRequest('POST', '/api/quickbooks/test-bulk-detection', { bulkPoSuffix, bulkEstimateSuffix, faxNumber })).json()) as DetectionResult,
    success: (_settings, { bulkPOsDetected, bulkEstimatesDetected }) => ({
      title: 'Test Completed',
      description: `Found ${bulkPOsDetected} BULK POs and ${bulkEstimatesDetected} BULK Estimates with current settings.`,
    }),
    failure: { title: 'Test Failed', fallback: 'Failed to test BULK detection' },
  });
}
