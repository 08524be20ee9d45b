import type { AccountingAddress } from '@printpool/contracts';

/**
 * One line for a table cell: '1 Main St, Suite 2, Austin, TX 78701, US', or a free-form
 * address's lines in order ('Jane Roe, 12 Dock Rd, Austin, TX 78701'); null when empty.
 */
export function formatAddress(address: AccountingAddress | null | undefined): string | null {
  if (!address) return null;
  const regionPostal = [address.region, address.postalCode].filter(Boolean).join(' ');
  const lines = [address.line1, address.line2, address.line3, address.line4, address.line5];
  const parts = [...lines, address.city, regionPostal, address.country].map((part) => part?.trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
