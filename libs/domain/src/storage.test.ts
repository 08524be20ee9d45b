import { addDays, addMonths, programCharges, storageAccrual } from './storage.js';

const per1000 = { freeStorageDays: 90, storageChargePerMonth: '1.50', storageChargeBasis: 'per1000' as const };

describe('calendar arithmetic of programs', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(addMonths('2025-01-10', 12)).toBe('2026-01-10');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});

describe('storage charges', () => {
  it('are free for the free days, then charge each month begun on the units at the vendor that day', () => {
    // 10,000 units from Jan 1; 4,000 released on Apr 15.
    const units = (day: string) => (day < '2025-04-15' ? 10_000 : 6_000);
    const accrual = storageAccrual(per1000, '2025-01-01', '2025-05-31', units);
    expect(accrual.freeUntil).toBe('2025-03-31');
    expect(accrual.months).toEqual([
      { from: '2025-04-01', units: 10_000, charge: '15.00' },
      { from: '2025-05-01', units: 6_000, charge: '9.00' },
    ]);
    expect(accrual.accrued).toBe('24.00');
  });

  it('charge nothing during the free days, nothing without a charge, and nothing once the stock is gone', () => {
    expect(storageAccrual(per1000, '2025-01-01', '2025-03-31', () => 10_000)).toEqual({ freeUntil: '2025-03-31', months: [], accrued: '0.00' });
    expect(storageAccrual({ ...per1000, storageChargePerMonth: null }, '2025-01-01', '2026-01-01', () => 10_000).accrued).toBe('0.00');
    expect(storageAccrual(per1000, '2025-01-01', '2025-12-31', () => 0).months).toEqual([]);
  });

  it('charge a flat amount from the PO date when no free days were agreed', () => {
    const accrual = storageAccrual({ freeStorageDays: null, storageChargePerMonth: '40.00', storageChargeBasis: 'flat' }, '2025-01-15', '2025-03-14', () => 1);
    expect(accrual.months.map((month) => [month.from, month.charge])).toEqual([
      ['2025-01-15', '40.00'],
      ['2025-02-15', '40.00'],
    ]);
    expect(accrual.accrued).toBe('80.00');
  });
});

describe('charges to date', () => {
  it('are each shipped release at the release charge, and storage on what the pool holds less what shipped before each month', () => {
    // 10,000 units from Jan 1; 4,000 released on Apr 15 and 1,000 on May 20, at $25.00 a release.
    const terms = { ...per1000, releaseCharge: '25.00' };
    const shipped = [
      { day: '2025-04-15', units: 4_000 },
      { day: '2025-05-20', units: 1_000 },
    ];
    const charges = programCharges(terms, '2025-01-01', '2025-06-30', 10_000, shipped);
    expect(charges.storage.months).toEqual([
      { from: '2025-04-01', units: 10_000, charge: '15.00' },
      { from: '2025-05-01', units: 6_000, charge: '9.00' },
      { from: '2025-06-01', units: 5_000, charge: '7.50' },
    ]);
    expect(charges.releaseCents).toBe(5000);
    expect(charges.chargesToDate).toBe('81.50');
  });

  it('are nothing for a program without charges', () => {
    const terms = { freeStorageDays: null, storageChargePerMonth: null, storageChargeBasis: 'flat' as const, releaseCharge: '0.00' };
    expect(programCharges(terms, '2025-01-01', '2026-01-01', 500, [{ day: '2025-02-01', units: 100 }]).chargesToDate).toBe('0.00');
  });
});
