import type { Knex } from 'knex';
import { notFound, unprocessable, versionConflict } from '@printpool/service-kit';
import { NOT_A_BULK_PURCHASE_ORDER, type PurchaseOrderProgramInput, type VendorProgramDefaultsInput } from '@printpool/contracts';
import type { ChangeSet } from '../application/changeSet.js';
import { programDifferences, vendorDefaultsDifferences, type ProgramTerms, type PurchaseOrderTerms, type VendorTerms } from '../domain/programTerms.js';
import { loadPrograms, loadVendorDefaults, purchaseOrdersReadingVendorDefaults, type ProgramView } from '../read/programs.js';

/** First keys of the advisory locks of a PO's program and of a vendor's defaults; the second is the hash of what they are of. */
const PROGRAM_LOCK = 0x70726f67;
const VENDOR_DEFAULTS_LOCK = 0x76646674;

/**
 * Saves of one PO's program take turns, and saves of a vendor's defaults take turns with the
 * saves of its POs' programs: a PO's program reads the defaults, so a PO saved beside a change of
 * them would keep values it was not shown. Advisory locks rather than the PO's row lock, which
 * would hold up the draws on the PO (they share its row); a program save takes its PO's lock,
 * then its vendor's, and a defaults save only its vendor's, so no two saves wait on each other in turn.
 */
async function takeProgramLock(trx: Knex.Transaction, key: number, tenantId: string, of: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(?, hashtext(?))', [key, `${tenantId}\n${of}`]);
}

/**
 * Takes a PO's program lock for a release checked against its terms (pullTickets/programRules.ts):
 * releases from one program take turns with each other and with saves of its terms, so two
 * tickets cannot both leave what the other counted on, nor be checked against terms being changed.
 */
export async function lockProgram(trx: Knex.Transaction, tenantId: string, purchaseOrderId: number): Promise<void> {
  await takeProgramLock(trx, PROGRAM_LOCK, tenantId, String(purchaseOrderId));
}

const termColumns = (terms: ProgramTerms) => ({
  min_release_quantity: terms.minReleaseQuantity,
  release_charge: terms.releaseCharge,
  free_storage_days: terms.freeStorageDays,
  storage_charge_per_month: terms.storageChargePerMonth,
  storage_charge_basis: terms.storageChargeBasis,
  tolerance_percent: terms.tolerancePercent,
  notes: terms.notes,
});

/** The terms a program answers, without who it is of and where they come from. */
function termsOf({
  purchaseOrderId: _id,
  poNumber: _number,
  vendorName: _vendor,
  source: _source,
  version: _version,
  ...terms
}: ProgramView['program']): PurchaseOrderTerms {
  return terms;
}

/** 404 for no such PO of the tenant, 422 for a standard one: only a bulk PO has a program and receipts. */
export function refuseUnlessBulk(po: { poType: ProgramView['poType']; poNumber: string } | undefined): void {
  if (!po) throw notFound('Purchase order');
  if (po.poType !== 'BULK') throw unprocessable(`${NOT_A_BULK_PURCHASE_ORDER}: ${po.poNumber} is a standard purchase order`);
}

/** A bulk PO's program as it reads now; 404 for no such PO of the tenant, 422 for a standard one. */
export function bulkProgram(view: ProgramView | undefined): ProgramView['program'] {
  refuseUnlessBulk(view && { poType: view.poType, poNumber: view.program.poNumber });
  return view!.program;
}

/**
 * Saves a bulk PO's own terms (docs/product.md §11): from then on they win over its vendor's
 * defaults, whole. A field the save leaves out keeps the value the PO read. Nothing goes to
 * QuickBooks; the change is announced as inventory.program.changed when the terms differ.
 */
export async function savePurchaseOrderProgram(
  trx: Knex.Transaction,
  tenantId: string,
  id: number,
  input: PurchaseOrderProgramInput,
  basedOn: string,
  changes: ChangeSet,
): Promise<void> {
  await lockProgram(trx, tenantId, id);
  // A key share lock keeps the PO from being deleted under the save, and lets draws and imports go on.
  const locked: { vendor_name: string | null } | undefined = await trx('purchase_orders').where({ id, tenant_id: tenantId }).forKeyShare().first('vendor_name');
  if (!locked) throw notFound('Purchase order');
  if (locked.vendor_name !== null) await takeProgramLock(trx, VENDOR_DEFAULTS_LOCK, tenantId, locked.vendor_name);
  // Read under the locks: no other save of the PO or of its vendor's defaults lands between this check and the write.
  const current = bulkProgram((await loadPrograms(trx, tenantId, [id]))[0]);
  const terms: PurchaseOrderTerms = { ...termsOf(current), ...input };
  if (current.version !== basedOn) throw versionConflict("purchase order's program", current, programDifferences(termsOf(current), terms));
  await trx('purchase_order_programs')
    .insert({
      tenant_id: tenantId,
      purchase_order_id: id,
      ...termColumns(terms),
      expires_on: terms.expiresOn,
      planned_releases: terms.plannedReleases,
      updated_at: trx.fn.now(),
    })
    .onConflict(['tenant_id', 'purchase_order_id'])
    .merge();
  const [saved] = await loadPrograms(trx, tenantId, [id]);
  if (saved!.program.version !== current.version || current.source !== 'purchase-order') changes.programChanged(current);
}

/**
 * Saves a vendor's program defaults (docs/product.md §11), which its bulk POs without terms of
 * their own read from now on; a field the save leaves out keeps the value they read. Each such
 * PO's terms change with them, and each is announced.
 */
export async function saveVendorProgramDefaults(
  trx: Knex.Transaction,
  tenantId: string,
  vendorName: string,
  input: VendorProgramDefaultsInput,
  basedOn: string,
  changes: ChangeSet,
): Promise<void> {
  await takeProgramLock(trx, VENDOR_DEFAULTS_LOCK, tenantId, vendorName);
  const current = await loadVendorDefaults(trx, tenantId, vendorName);
  if (!current) throw notFound('Vendor');
  const { vendorName: _name, source: _source, version: _version, ...currentTerms } = current;
  const terms: VendorTerms = { ...currentTerms, ...input };
  if (current.version !== basedOn) throw versionConflict("vendor's program defaults", current, vendorDefaultsDifferences(currentTerms, terms));
  // What the POs reading the defaults read before them, for their history (docs/product.md §11).
  const reading = await loadPrograms(trx, tenantId, await purchaseOrdersReadingVendorDefaults(trx, tenantId, vendorName));
  await trx('vendor_program_defaults')
    .insert({
      tenant_id: tenantId,
      vendor_name: vendorName,
      ...termColumns(terms),
      term_months: terms.termMonths,
      lead_time_days: terms.leadTimeDays,
      updated_at: trx.fn.now(),
    })
    .onConflict(['tenant_id', 'vendor_name'])
    .merge();
  const saved = await loadVendorDefaults(trx, tenantId, vendorName);
  if (saved!.version === current.version && current.source === 'vendor-defaults') return;
  for (const { program } of reading) changes.programChanged(program);
}
