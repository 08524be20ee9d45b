import type { AccountingAddress } from '@printpool/contracts';
import { obj, str } from './qboDocument.js';

/** QBO's PhysicalAddress, every line of it (free-form addresses keep street and city in Line1..Line5); null when absent or empty. */
export function mapAddress(value: unknown): AccountingAddress | null {
  const addr = obj(value);
  if (!addr) return null;
  const address: AccountingAddress = {
    line1: str(addr.Line1),
    line2: str(addr.Line2),
    line3: str(addr.Line3),
    line4: str(addr.Line4),
    line5: str(addr.Line5),
    city: str(addr.City),
    region: str(addr.CountrySubDivisionCode),
    postalCode: str(addr.PostalCode),
    country: str(addr.Country),
  };
  return Object.values(address).some((part) => part !== null) ? address : null;
}
