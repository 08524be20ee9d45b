import { describe, expect, it } from '@jest/globals';
import { PurchaseOrderProgramInputSchema, VendorProgramDefaultsInputSchema } from './inventoryPrograms.js';

const issueOf = (input: unknown) => {
  const [issue] = PurchaseOrderProgramInputSchema.safeParse(input).error?.issues ?? [];
  return issue && { field: issue.path.join('.'), message: issue.message };
};

describe('program terms input', () => {
  it('carries money as two decimals, from a number or a decimal string, and never rounds a fraction of a cent', () => {
    expect(PurchaseOrderProgramInputSchema.parse({ releaseCharge: 25, storageChargePerMonth: '1.5' })).toEqual({
      releaseCharge: '25.00',
      storageChargePerMonth: '1.50',
    });
    expect(PurchaseOrderProgramInputSchema.parse({ releaseCharge: '0.10' }).releaseCharge).toBe('0.10');
    expect(issueOf({ releaseCharge: 0.125 })).toEqual({
      field: 'releaseCharge',
      message: 'Release charge must be in dollars and cents: at most 2 decimal places',
    });
    expect(issueOf({ releaseCharge: -1 })).toEqual({ field: 'releaseCharge', message: 'Release charge must be at least 0' });
    expect(issueOf({ releaseCharge: null })).toEqual({ field: 'releaseCharge', message: 'Release charge must be an amount such as 25.00' });
    expect(issueOf({ storageChargePerMonth: '1,000' })?.field).toBe('storageChargePerMonth');
    expect(issueOf({ storageChargePerMonth: 1e13 })?.field).toBe('storageChargePerMonth');
  });

  it('tells a field left out (keep it) from one set to none (null)', () => {
    expect(PurchaseOrderProgramInputSchema.parse({})).toEqual({});
    expect(PurchaseOrderProgramInputSchema.parse({ minReleaseQuantity: null, storageChargePerMonth: null, notes: '  ' })).toEqual({
      minReleaseQuantity: null,
      storageChargePerMonth: null,
      notes: null,
    });
  });

  it('takes fractional units as QuickBooks counts them, and zero', () => {
    expect(PurchaseOrderProgramInputSchema.parse({ minReleaseQuantity: 2.5 }).minReleaseQuantity).toBe(2.5);
    expect(PurchaseOrderProgramInputSchema.parse({ minReleaseQuantity: '500' }).minReleaseQuantity).toBe(500);
    expect(Object.is(PurchaseOrderProgramInputSchema.parse({ minReleaseQuantity: -0 }).minReleaseQuantity, 0)).toBe(true);
    expect(issueOf({ minReleaseQuantity: 0.12345678 })?.field).toBe('minReleaseQuantity');
    expect(issueOf({ minReleaseQuantity: -1 })).toEqual({ field: 'minReleaseQuantity', message: 'Minimum release quantity must be at least 0' });
  });

  it('names each field out of its bounds', () => {
    expect(issueOf({ tolerancePercent: 101 })).toEqual({ field: 'tolerancePercent', message: 'Tolerance must be at most 100' });
    expect(issueOf({ tolerancePercent: null })?.field).toBe('tolerancePercent');
    expect(issueOf({ freeStorageDays: 1.5 })).toEqual({ field: 'freeStorageDays', message: 'Free storage days must be a whole number' });
    expect(issueOf({ plannedReleases: 0 })).toEqual({ field: 'plannedReleases', message: 'Planned releases must be at least 1' });
    expect(issueOf({ storageChargeBasis: 'FLAT' })).toEqual({ field: 'storageChargeBasis', message: "Storage charge basis must be 'flat' or 'per1000'" });
    expect(issueOf({ expiresOn: '2026-02-30' })).toEqual({ field: 'expiresOn', message: 'Expires on must be a date (YYYY-MM-DD)' });
    expect(issueOf({ notes: 'n'.repeat(2001) })).toEqual({ field: 'notes', message: 'Notes must be at most 2000 characters' });
  });

  it("takes a vendor's term in months instead of an expiry", () => {
    expect(VendorProgramDefaultsInputSchema.parse({ termMonths: 18, expiresOn: '2027-01-01' })).toEqual({ termMonths: 18 });
    expect(VendorProgramDefaultsInputSchema.safeParse({ termMonths: 0 }).error?.issues[0]?.message).toBe('Term must be at least 1');
  });
});
