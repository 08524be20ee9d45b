import { PRODUCT_DEFAULTS, programVersion, purchaseOrderTerms, type PurchaseOrderTerms, type VendorTerms } from './programTerms.js';

const vendor: VendorTerms = { ...PRODUCT_DEFAULTS, releaseCharge: '35.00', tolerancePercent: 5, termMonths: 18 };
const own: PurchaseOrderTerms = { ...PRODUCT_DEFAULTS, releaseCharge: '20.00', expiresOn: '2025-06-30', plannedReleases: 4 };

describe('program terms', () => {
  it("read the PO's own terms whole, else its vendor's defaults, else the product's", () => {
    expect(purchaseOrderTerms('2025-01-10', own, vendor)).toEqual({ terms: own, source: 'purchase-order' });
    const { termMonths: _term, leadTimeDays: _leadTime, ...vendorShared } = vendor;
    expect(purchaseOrderTerms('2025-01-10', null, vendor)).toEqual({
      terms: { ...vendorShared, expiresOn: '2026-07-10', plannedReleases: null },
      source: 'vendor-defaults',
    });
    const { terms, source } = purchaseOrderTerms('2025-01-10', null, null);
    expect(source).toBe('defaults');
    expect(terms).toMatchObject({ releaseCharge: '0.00', tolerancePercent: 10, storageChargeBasis: 'flat', expiresOn: '2026-01-10' });
  });

  it('give a new version when anything the form edits changes, and only then', () => {
    expect(programVersion({ ...own })).toBe(programVersion(own));
    expect(programVersion({ ...own, notes: 'Call before release' })).not.toBe(programVersion(own));
    expect(programVersion({ ...own, expiresOn: '2025-07-01' })).not.toBe(programVersion(own));
  });
});
