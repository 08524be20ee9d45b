import { expect, it } from '@jest/globals';
import { formatDay, storageText, timeLeft, toProgramBody } from './programTerms.js';

it('says how long a program has left, to the day', () => {
  expect(timeLeft('2026-03-31', '2026-03-01')).toBe('30 days left');
  expect(timeLeft('2026-03-02', '2026-03-01')).toBe('1 day left');
  expect(timeLeft('2026-03-01', '2026-03-01')).toBe('expires today');
  expect(timeLeft('2026-02-28', '2026-03-01')).toBe('expired 1 day ago');
  expect(timeLeft('2023-03-01', '2026-03-01')).toBe('expired 1,096 days ago');
  // A calendar date is the same day in every time zone.
  expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
});

it('words the storage terms: free days, then the charge and what it counts', () => {
  const basis = 'flat' as const;
  expect(storageText({ freeStorageDays: null, storageChargePerMonth: null, storageChargeBasis: basis })).toBe('no charge');
  expect(storageText({ freeStorageDays: 60, storageChargePerMonth: null, storageChargeBasis: basis })).toBe('60 days free');
  expect(storageText({ freeStorageDays: null, storageChargePerMonth: '40.00', storageChargeBasis: basis })).toBe('$40.00 a month');
  expect(storageText({ freeStorageDays: 1, storageChargePerMonth: '1.50', storageChargeBasis: 'per1000' })).toBe(
    '1 day free, then $1.50 a month per 1,000 units',
  );
});

it('sends every term, money as two decimals, an empty field as none', () => {
  const body = toProgramBody({
    expiresOn: '2026-12-31',
    minReleaseQuantity: null,
    releaseCharge: null,
    freeStorageDays: 30,
    storageChargePerMonth: 12.5,
    storageChargeBasis: 'flat',
    tolerancePercent: null,
    plannedReleases: null,
    notes: '   ',
  });
  expect(body).toEqual({
    expiresOn: '2026-12-31',
    minReleaseQuantity: null,
    releaseCharge: '0.00',
    freeStorageDays: 30,
    storageChargePerMonth: '12.50',
    storageChargeBasis: 'flat',
    tolerancePercent: 0,
    plannedReleases: null,
    notes: null,
  });
});
