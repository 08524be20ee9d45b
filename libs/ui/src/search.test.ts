import { expect, it } from '@jest/globals';
import { matchesSearch } from './search.js';

it('matches any field case-insensitively, and everything for an empty query', () => {
  expect(matchesSearch('acme', 'PO-1-BL', 'ACME Print')).toBe(true);
  expect(matchesSearch('closed', 'PO-1-BL', null, 'open')).toBe(false);
  expect(matchesSearch('  ', undefined)).toBe(true);
});
