export interface Customer {
  id: string | number;
  name: string;
  /** QuickBooks' FullyQualifiedName ('Harbor Dental:Spring Gala' for a job). */
  fullName?: string | null;
  parentQbId?: string | null;
  currency?: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  syncedAt: string | null;
}

export interface Item {
  id: string | number;
  name: string;
  /** QuickBooks' FullyQualifiedName ('Business Cards:500 ct' for a sub-item). */
  fullName?: string | null;
  parentQbId?: string | null;
  sku: string | null;
  description: string | null;
  unitPrice: string | number | null;
  virtualInventory: number;
  syncedAt: string | null;
}
