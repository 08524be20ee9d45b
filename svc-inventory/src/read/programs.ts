import type { Knex } from 'knex';
import type { ProgramChanged, PurchaseOrder, PurchaseOrderProgram, VendorProgramDefaults } from '@printpool/contracts';
import { toMoneyString } from '@printpool/domain';
import {
  PRODUCT_DEFAULTS,
  programVersion,
  purchaseOrderTerms,
  vendorDefaultsVersion,
  vendorTerms,
  type ProgramTerms,
  type PurchaseOrderTerms,
  type VendorTerms,
} from '../domain/programTerms.js';

/** The shared terms' columns, as `<alias>.<column> AS <alias>_<column>`. */
const TERM_COLUMNS = [
  'min_release_quantity',
  'release_charge',
  'free_storage_days',
  'storage_charge_per_month',
  'storage_charge_basis',
  'tolerance_percent',
  'notes',
] as const;

type TermRow = Record<(typeof TERM_COLUMNS)[number], string | number | null>;

const termSelect = (alias: string) => TERM_COLUMNS.map((column) => `${alias}.${column} as ${alias}_${column}`);

/** The terms read from `<prefix>_<column>` of a row; null when the row had none (a left join's missing side). */
function termsOf(row: Record<string, unknown>, prefix: string): ProgramTerms | null {
  const terms = Object.fromEntries(TERM_COLUMNS.map((column) => [column, row[`${prefix}_${column}`]])) as TermRow;
  if (terms.release_charge === null || terms.release_charge === undefined) return null;
  const amount = (value: string | number | null) => (value === null ? null : toMoneyString(Number(value)));
  return {
    // numeric columns read as strings; QuickBooks' seven decimals survive Number().
    minReleaseQuantity: terms.min_release_quantity === null ? null : Number(terms.min_release_quantity),
    releaseCharge: amount(terms.release_charge)!,
    freeStorageDays: terms.free_storage_days === null ? null : Number(terms.free_storage_days),
    storageChargePerMonth: amount(terms.storage_charge_per_month),
    storageChargeBasis: terms.storage_charge_basis as ProgramTerms['storageChargeBasis'],
    tolerancePercent: Number(terms.tolerance_percent),
    notes: terms.notes as string | null,
  };
}

interface ProgramRow extends Record<string, unknown> {
  id: number | string;
  po_number: string;
  vendor_name: string | null;
  po_type: PurchaseOrder['poType'];
  po_date: string;
  p_expires_on: string | null;
  p_planned_releases: number | null;
  v_term_months: number | null;
  v_lead_time_days: number | null;
}

/** A purchase order's program as its route answers it, and its type: only a bulk PO has one. */
export interface ProgramView {
  poType: PurchaseOrder['poType'];
  /** The day its program counts from: its QuickBooks date, else the day it was recorded here. */
  poDate: string;
  /** Its vendor's lead time, from the vendor's defaults, else the product's. */
  leadTimeDays: number;
  program: PurchaseOrderProgram;
}

/**
 * The programs of these purchase orders of the tenant, in id order (ids of other tenants are
 * absent): each PO's own terms, else its vendor's defaults, else the product's. A PO without a
 * date in QuickBooks counts from the day it was recorded here.
 */
export async function loadPrograms(knex: Knex | Knex.Transaction, tenantId: string, ids: readonly number[]): Promise<ProgramView[]> {
  if (ids.length === 0) return [];
  const rows: ProgramRow[] = await knex('purchase_orders as po')
    .leftJoin('purchase_order_programs as p', (on) => on.on('p.tenant_id', 'po.tenant_id').andOn('p.purchase_order_id', 'po.id'))
    .leftJoin('vendor_program_defaults as v', (on) => on.on('v.tenant_id', 'po.tenant_id').andOn('v.vendor_name', 'po.vendor_name'))
    .where('po.tenant_id', tenantId)
    .whereIn('po.id', ids)
    .orderBy('po.id')
    .select(
      'po.id',
      'po.po_number',
      'po.vendor_name',
      'po.po_type',
      knex.raw(`coalesce(to_char(po.txn_date, 'YYYY-MM-DD'), to_char(po.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) AS po_date`),
      ...termSelect('p'),
      knex.raw(`to_char(p.expires_on, 'YYYY-MM-DD') AS p_expires_on`),
      'p.planned_releases as p_planned_releases',
      ...termSelect('v'),
      'v.term_months as v_term_months',
      'v.lead_time_days as v_lead_time_days',
    );
  return rows.map((row) => {
    const ownShared = termsOf(row, 'p');
    const vendorShared = termsOf(row, 'v');
    const own: PurchaseOrderTerms | null = ownShared && { ...ownShared, expiresOn: row.p_expires_on!, plannedReleases: row.p_planned_releases };
    const vendor: VendorTerms | null = vendorShared && { ...vendorShared, termMonths: Number(row.v_term_months), leadTimeDays: Number(row.v_lead_time_days) };
    const { terms, source } = purchaseOrderTerms(row.po_date, own, vendor);
    return {
      poType: row.po_type,
      poDate: row.po_date,
      leadTimeDays: vendor?.leadTimeDays ?? PRODUCT_DEFAULTS.leadTimeDays,
      program: { purchaseOrderId: Number(row.id), poNumber: row.po_number, vendorName: row.vendor_name, ...terms, source, version: programVersion(terms) },
    };
  });
}

/**
 * A vendor's program defaults, or null when the tenant knows no such vendor: no purchase order
 * names it and it has no defaults. The name is matched exactly as purchase orders carry it.
 */
export async function loadVendorDefaults(knex: Knex | Knex.Transaction, tenantId: string, vendorName: string): Promise<VendorProgramDefaults | null> {
  const row: Record<string, unknown> | undefined = await knex('vendor_program_defaults as v')
    .where({ 'v.tenant_id': tenantId, 'v.vendor_name': vendorName })
    .first(...termSelect('v'), 'v.term_months as v_term_months', 'v.lead_time_days as v_lead_time_days');
  if (!row && !(await knex('purchase_orders').where({ tenant_id: tenantId, vendor_name: vendorName }).first('id'))) return null;
  const shared = row ? termsOf(row, 'v') : null;
  const { terms, source } = vendorTerms(shared && { ...shared, termMonths: Number(row!.v_term_months), leadTimeDays: Number(row!.v_lead_time_days) });
  return { vendorName, ...terms, source, version: vendorDefaultsVersion(terms) };
}

/** The bulk POs of a vendor that read its defaults: those without terms of their own. */
export async function purchaseOrdersReadingVendorDefaults(knex: Knex | Knex.Transaction, tenantId: string, vendorName: string): Promise<number[]> {
  const ids: (number | string)[] = await knex('purchase_orders as po')
    .leftJoin('purchase_order_programs as p', (on) => on.on('p.tenant_id', 'po.tenant_id').andOn('p.purchase_order_id', 'po.id'))
    .where({ 'po.tenant_id': tenantId, 'po.vendor_name': vendorName, 'po.po_type': 'BULK' })
    .whereNull('p.purchase_order_id')
    .orderBy('po.id')
    .pluck('po.id');
  return ids.map(Number);
}

/** A program's event (libs/contracts events/inventory.ts): the terms as they now read, without the form's version. */
export function programChangedEvent({ version: _version, ...program }: PurchaseOrderProgram): ProgramChanged {
  return program;
}
