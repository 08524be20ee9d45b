export interface Customer {
  id: string | number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  syncedAt: string | null;
}

export interface Item {
  id: string | number;
  name: string;
  sku: string | null;
  description: string | null;
  unitPrice: string | number | null;
  virtualInventory: number;
  syncedAt: string | null;
}
