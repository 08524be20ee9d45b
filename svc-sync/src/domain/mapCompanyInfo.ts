import type { CompanyUpdated } from '@printpool/contracts';
import { mapAddress } from './mapAddress.js';
import { obj, str, wrapped } from './qboDocument.js';

/**
 * QuickBooks' CompanyInfo as the broker's letterhead needs it: CompanyAddr (the address on
 * the company's own forms), else LegalAddr; PrimaryPhone's FreeFormNumber; Email's Address.
 */
export function mapCompanyInfo(realmId: string, info: unknown): CompanyUpdated {
  const doc = obj(info) ?? {};
  return {
    realmId,
    companyName: str(doc.CompanyName),
    legalName: str(doc.LegalName),
    address: mapAddress(doc.CompanyAddr) ?? mapAddress(doc.LegalAddr),
    phone: wrapped(doc.PrimaryPhone, 'FreeFormNumber'),
    email: wrapped(doc.Email, 'Address'),
  };
}
