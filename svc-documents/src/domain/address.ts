import type { AccountingAddress } from '@printpool/contracts';

/**
 * A QuickBooks address on one line as a letterhead prints it: '500 Congress Ave, Suite 2,
 * Austin, TX 78701' (a US company's own country left out), or a free-form address's lines in
 * order; null when empty. Same parts as svc-inventory/src/domain/address.ts.
 */
export function formatAddress(address: AccountingAddress | null | undefined): string | null {
  if (!address) return null;
  const regionPostal = [address.region, address.postalCode]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const cityLine = [address.city?.trim(), regionPostal].filter(Boolean).join(', ');
  const country = address.country?.trim();
  const home = !country || /^(US|USA|United States)$/i.test(country);
  const parts = [address.line1, address.line2, address.line3, address.line4, address.line5, cityLine, home ? null : country]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
