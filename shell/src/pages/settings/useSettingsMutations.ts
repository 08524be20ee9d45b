import { apiRequest, AUTH_USER_KEY, unlessUnauthorized, useToast } from '@printpool/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';

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

export function useSaveSettings() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BulkSettings) => apiRequest('PATCH', '/api/user/settings', settings),
    onSuccess: async () => {
      toast({ title: 'Settings Updated', description: 'Your BULK identification settings have been saved successfully.' });
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
    onError: unlessUnauthorized((error) => toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update settings'), variant: 'destructive' })),
  });
}

export function useTestDetection() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: async ({ bulkPoSuffix, bulkEstimateSuffix, faxNumber }: BulkSettings) =>
      (await (await apiRequest('POST', '/api/quickbooks/test-bulk-detection', { bulkPoSuffix, bulkEstimateSuffix, faxNumber })).json()) as DetectionResult,
    onSuccess: ({ bulkPOsDetected, bulkEstimatesDetected }) =>
      toast({
        title: 'Test Completed',
        description: `Found ${bulkPOsDetected} BULK POs and ${bulkEstimatesDetected} BULK Estimates with current settings.`,
      }),
    onError: unlessUnauthorized((error) => toast({ title: 'Test Failed', description: errorMessage(error, 'Failed to test BULK detection'), variant: 'destructive' })),
  });
}
