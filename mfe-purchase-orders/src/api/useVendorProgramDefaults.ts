import { IF_MATCH_HEADER, type VendorProgramDefaults } from '@printpool/contracts';
import { callRoute, useNotifiedMutation } from '@printpool/platform';
import { useQuery } from '@tanstack/react-query';
import type { DefaultsBody } from '../domain/programTerms.js';
import { PURCHASE_ORDERS_KEY } from './purchaseOrders.js';
import { VENDORS_PATH } from './vendors.js';

/** Under the vendors' key, so what refreshes the vendors refreshes them. */
export const vendorDefaultsKey = (vendorName: string) => [VENDORS_PATH, vendorName, 'program-defaults'];

/**
 * GET /api/vendors/{vendorName}/program-defaults (docs/product.md §11): the vendor's defaults, else
 * the product's, with their version; nothing until a vendor is chosen. The name travels URL-encoded.
 */
export function useVendorProgramDefaults(vendorName: string | null) {
  return useQuery<VendorProgramDefaults>({
    queryKey: vendorDefaultsKey(vendorName ?? ''),
    queryFn: () => callRoute('get /api/vendors/:vendorName/program-defaults', { params: { vendorName: vendorName! } }),
    enabled: vendorName !== null,
  });
}

export interface DefaultsSave {
  body: DefaultsBody;
  /** The version the form was filled from, or the one a conflict showed. */
  version: string;
}

/** PUT /api/vendors/{vendorName}/program-defaults on the version the form was filled from (libs/contracts versionedWrite.ts). */
export function useSaveVendorProgramDefaults(vendorName: string) {
  return useNotifiedMutation({
    mutationFn: ({ body, version }: DefaultsSave) =>
      callRoute('put /api/vendors/:vendorName/program-defaults', { params: { vendorName }, body, headers: { [IF_MATCH_HEADER]: `"${version}"` } }),
    // The vendor's bulk POs without terms of their own read the defaults: their programs, ends and charges change with them.
    invalidates: [vendorDefaultsKey(vendorName), PURCHASE_ORDERS_KEY],
    success: { title: 'Program defaults saved' },
    failure: { title: 'Error', fallback: 'Failed to save the program defaults' },
  });
}
