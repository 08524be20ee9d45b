import type { PurchaseOrderProgram } from '@printpool/contracts';
import type { PurchaseOrderWithLines } from '../api/purchaseOrders.js';

const base = {
  vendorEmail: null,
  shipAddress: null,
  terms: null,
  memo: null,
  overrideStatus: false,
  expiresOn: null,
  remainingPercent: null,
  chargesToDate: null,
  poDate: '2025-03-01',
  subtotal: null,
  discount: null,
  tax: null,
  currency: null,
  items: [],
  createdAt: '2025-03-01T10:00:00Z',
  updatedAt: '2025-03-02T10:00:00Z',
  version: 'v1',
};

/** Three orders: a bulk one from QuickBooks, a manual open one, a closed one. */
export const purchaseOrders: PurchaseOrderWithLines[] = [
  {
    ...base,
    id: 1,
    poNumber: 'PO-1001-BL',
    vendorName: 'Acme Print',
    poType: 'BULK',
    status: 'open',
    totalAmount: '1250.00',
    totalQuantity: 1000,
    quantityRemaining: 200,
    qbId: '77',
    overrideStatus: true,
  },
  {
    ...base,
    id: 2,
    poNumber: 'PO-1002',
    vendorName: 'Globex Paper',
    poType: 'STANDARD',
    status: 'open',
    totalAmount: '80.00',
    totalQuantity: 100,
    quantityRemaining: 100,
    qbId: null,
  },
  {
    ...base,
    id: 3,
    poNumber: 'PO-0900-BL',
    vendorName: 'Acme Print',
    poType: 'BULK',
    status: 'closed',
    totalAmount: '500.00',
    totalQuantity: 50,
    quantityRemaining: 0,
    qbId: '76',
  },
];

/** The program of PO-1001-BL as its vendor's defaults give it (libs/contracts inventoryPrograms.ts). */
export const program: PurchaseOrderProgram = {
  purchaseOrderId: 1,
  poNumber: 'PO-1001-BL',
  vendorName: 'Acme Print',
  minReleaseQuantity: 500,
  releaseCharge: '25.00',
  freeStorageDays: 90,
  storageChargePerMonth: '1.50',
  storageChargeBasis: 'per1000',
  expiresOn: '2026-03-01',
  tolerancePercent: 10,
  plannedReleases: null,
  notes: null,
  source: 'vendor-defaults',
  version: 'v1',
};
