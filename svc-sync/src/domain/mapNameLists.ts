import type { AccountingCustomer, AccountingItem, AccountingVendor } from '@printpool/contracts';
import { mapAddress } from './mapAddress.js';
import { num, str, updatedAt, wrapped, type QboDocument } from './qboDocument.js';

// QBO omits Active on some older records; they are active.
export const isActive = (doc: QboDocument) => doc.Active !== false && doc.Active !== 'false';

export function mapCustomer(doc: QboDocument): AccountingCustomer {
  return {
    qbId: doc.Id,
    displayName: str(doc.DisplayName) ?? str(doc.FullyQualifiedName) ?? str(doc.CompanyName) ?? `Customer ${doc.Id}`,
    fullyQualifiedName: str(doc.FullyQualifiedName),
    parentQbId: wrapped(doc.ParentRef, 'value'),
    currency: wrapped(doc.CurrencyRef, 'value'),
    companyName: str(doc.CompanyName),
    email: wrapped(doc.PrimaryEmailAddr, 'Address'),
    phone: wrapped(doc.PrimaryPhone, 'FreeFormNumber'),
    billAddress: mapAddress(doc.BillAddr),
    shipAddress: mapAddress(doc.ShipAddr),
    active: isActive(doc),
    qbUpdatedAt: updatedAt(doc),
  };
}

export function mapVendor(doc: QboDocument): AccountingVendor {
  return {
    qbId: doc.Id,
    displayName: str(doc.DisplayName) ?? str(doc.CompanyName) ?? `Vendor ${doc.Id}`,
    companyName: str(doc.CompanyName),
    email: wrapped(doc.PrimaryEmailAddr, 'Address'),
    phone: wrapped(doc.PrimaryPhone, 'FreeFormNumber'),
    fax: wrapped(doc.Fax, 'FreeFormNumber'),
    address: mapAddress(doc.BillAddr),
    active: isActive(doc),
    qbUpdatedAt: updatedAt(doc),
  };
}

export function mapItem(doc: QboDocument): AccountingItem {
  return {
    qbId: doc.Id,
    name: str(doc.Name) ?? str(doc.FullyQualifiedName) ?? `Item ${doc.Id}`,
    fullyQualifiedName: str(doc.FullyQualifiedName),
    parentQbId: wrapped(doc.ParentRef, 'value'),
    sku: str(doc.Sku),
    description: str(doc.Description),
    unitPrice: num(doc.UnitPrice),
    // Kept as QuickBooks has it, never guessed: an item without one leaves a manual PO's price to the broker.
    purchaseCost: doc.PurchaseCost === undefined || doc.PurchaseCost === null || doc.PurchaseCost === '' ? null : num(doc.PurchaseCost),
    type: str(doc.Type) ?? 'NonInventory',
    active: isActive(doc),
    qbUpdatedAt: updatedAt(doc),
  };
}
