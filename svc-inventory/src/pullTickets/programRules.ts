import type { Knex } from 'knex';
import { PROGRAM_RULE, type ProgramOverrideInput, type ProgramRuleRefusal, type PullTicketProgramOverride } from '@printpool/contracts';
import { addQuantities, exactQuantity, programRuleBreaches, releasesUnits, type PullTicketStatus, todayUtc } from '@printpool/domain';
import { HttpError } from '@printpool/service-kit';
import { lockProgram } from '../orders/programTerms.js';
import { unitsOnProgram } from '../read/programReleases.js';
import { loadPrograms } from '../read/programs.js';
import type { PullTicketItem, PullTicketView } from '../read/pullTicketView.js';

/** A ticket's release as its program sees it: the bulk PO it pulls from and what it takes. */
export interface ReleaseToCheck {
  bulkPoId: number | null;
  items: readonly PullTicketItem[];
  /** The ticket taken back from cancelled, whose own units are not on the program; null for a new ticket. */
  ticketId: number | null;
}

/** What a release that went through carries: its program's release charge, and the override it needed, if any. */
export interface ProgramRelease {
  releaseCharge: string | null;
  override: PullTicketProgramOverride | null;
}

/**
 * Holds a release to its bulk PO's program (docs/product.md §11, the rules in libs/domain
 * programRules.ts): one breaking them answers 409 PROGRAM_RULE naming each rule with its
 * numbers, unless the broker overrides it with a reason, which the ticket keeps (and so its
 * history and its order's). Only terms agreed with the vendor are held, the PO's own or its
 * vendor's defaults: the product's defaults are no agreement. Releases of one program take turns
 * (lockProgram), so each counts what the one before it took.
 */
export async function keepProgramRules(
  trx: Knex.Transaction,
  tenantId: string,
  release: ReleaseToCheck,
  override: ProgramOverrideInput | undefined,
): Promise<ProgramRelease> {
  if (release.bulkPoId === null) return { releaseCharge: null, override: null };
  await lockProgram(trx, tenantId, release.bulkPoId);
  const [view] = await loadPrograms(trx, tenantId, [release.bulkPoId]);
  if (!view) return { releaseCharge: null, override: null };
  const { program } = view;
  const kept = { releaseCharge: program.releaseCharge, override: null };
  if (view.poType !== 'BULK' || program.source === 'defaults') return kept;

  const released = new Map<string, { itemName: string | null; quantity: number }>();
  for (const line of release.items) {
    if (line.item_id === null) continue;
    const seen = released.get(line.item_id);
    released.set(line.item_id, { itemName: seen?.itemName ?? line.item_name, quantity: addQuantities(seen?.quantity ?? 0, exactQuantity(line.qty)) });
  }
  const onProgram = await unitsOnProgram(trx, tenantId, program.purchaseOrderId, [...released.keys()], release.ticketId);
  const items = [...released].map(([itemId, { itemName, quantity }]) => ({ itemId, itemName, quantity, onProgram: onProgram.get(itemId) ?? 0 }));
  const checkedOn = todayUtc();
  const breaches = programRuleBreaches(program, items, checkedOn);
  if (breaches.length === 0) return kept;
  if (!override) {
    const refusal: ProgramRuleRefusal = {
      ...breaches[0]!,
      breaches,
      program: {
        purchaseOrderId: program.purchaseOrderId,
        poNumber: program.poNumber,
        minReleaseQuantity: program.minReleaseQuantity,
        expiresOn: program.expiresOn,
      },
      items,
      checkedOn,
    };
    throw new HttpError(409, breaches.map((breach) => breach.message).join(' '), PROGRAM_RULE, refusal);
  }
  return { ...kept, override: { reason: override.reason, breaches: breaches.map(({ rule, message }) => ({ rule, message })) } };
}

/**
 * An edit's part of the rules: a ticket taken back from cancelled releases its units again and is
 * held to its program as a new one is (libs/domain releasesUnits); answers the override it went
 * through under, or null when it needed none or the edit releases nothing.
 */
export async function keepProgramRulesOnEdit(
  trx: Knex.Transaction,
  tenantId: string,
  ticket: PullTicketView,
  status: PullTicketStatus | undefined,
  override: ProgramOverrideInput | undefined,
): Promise<PullTicketProgramOverride | null> {
  if (status === undefined || !releasesUnits(ticket.status, status)) return null;
  return (await keepProgramRules(trx, tenantId, { bulkPoId: ticket.bulkPoId, items: ticket.items, ticketId: ticket.id }, override)).override;
}
