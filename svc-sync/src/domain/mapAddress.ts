import type { AccountingAddress } from '@printpool/contracts';
import { obj, str } from './qboDocument.js';

/** QBO's PhysicalAddress; null when absent or empty. Line1 falls back to the free-form lines. */
export function mapAddress(value: unknown): AccountingAddress | null {
  const addr = obj(value);
  if (!addr) return null;
  const address: AccountingAddress = {
    line1: str(addr.Line1),
    line2: str(addr.Line2),
    city: str(addr.City),
    region: str(addr.CountrySubDivisionCode),
    postalCode: str(addr.PostalCode),
    country: str(addr.Country),
  };
  return Object.values(address).some((part) => part !== null) ? address : null;
}
