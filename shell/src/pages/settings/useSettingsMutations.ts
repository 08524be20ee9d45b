import { IF_MATCH_HEADER } from '@printpool/contracts';
import { apiRequest, AUTH_USER_KEY, failureMessage, useNotifiedMutation, versionConflictOf } from '@printpool/platform';

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

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
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
    // The settings page shows the answer as the client words it, "<status>: <body text>" (docs/product.md §8);
    // a save refused because someone saved meanwhile says so in words, beside the review of what differs.
    failure: (error) => ({
      title: 'Update Failed',
      description: versionConflictOf(error) ? failureMessage(error, 'Failed to update settings') : errorMessage(error, 'Failed to update settings'),
    }),
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
    failure: (error) => ({ title: 'Test Failed', description: errorMessage(error, 'Failed to test BULK detection') }),
  });
}
