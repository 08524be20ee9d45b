import { todayUtc } from '@printpool/domain';
import { answerVersioned, basedOnVersion, createRouter, notFound, parseInput, requestBody, type ServiceRouter } from '@printpool/service-kit';
import { PurchaseOrderProgramInputSchema, VendorNameParamsSchema, VendorProgramDefaultsInputSchema } from '@printpool/contracts';
import { requestReason } from '../application/history.js';
import { changeInTransaction, type ChangeContext } from '../application/transaction.js';
import { bulkProgram, refuseUnlessBulk, savePurchaseOrderProgram, saveVendorProgramDefaults } from '../orders/programTerms.js';
import { loadProgramSummary } from '../read/programSummary.js';
import { loadPrograms, loadVendorDefaults } from '../read/programs.js';
import { recordId } from './params.js';

/** The vendor a path names, as purchase orders carry it; a name no vendor can have names none, so it answers 404 too. */
function vendorNameOf(raw: string | undefined): string {
  const parsed = VendorNameParamsSchema.safeParse({ vendorName: raw });
  if (!parsed.success) throw notFound('Vendor');
  return parsed.data.vendorName;
}

/** Program terms of bulk purchase orders and their vendors' defaults (docs/product.md §11); none of it goes to QuickBooks. */
export function programRoutes(context: ChangeContext): ServiceRouter {
  const { knex } = context.db;
  const router = createRouter();

  router.get('/api/purchase-orders/:id/program', async (ctx) => {
    const id = recordId(ctx.params.id, 'Purchase order');
    answerVersioned(ctx, bulkProgram((await loadPrograms(knex, ctx.state.caller.tenantId, [id]))[0]));
  });

  router.put('/api/purchase-orders/:id/program', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const id = recordId(ctx.params.id, 'Purchase order');
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(PurchaseOrderProgramInputSchema, requestBody(ctx));
    await changeInTransaction(context, tenantId, requestReason(ctx.state, 'Program terms saved'), (trx, changes) =>
      savePurchaseOrderProgram(trx, tenantId, id, input, basedOn, changes),
    );
    answerVersioned(ctx, bulkProgram((await loadPrograms(knex, tenantId, [id]))[0]));
  });

  router.get('/api/purchase-orders/:id/program/summary', async (ctx) => {
    const found = await loadProgramSummary(knex, ctx.state.caller.tenantId, recordId(ctx.params.id, 'Purchase order'), todayUtc());
    refuseUnlessBulk(found && { poType: found.poType, poNumber: found.summary.poNumber });
    ctx.body = found!.summary;
  });

  router.get('/api/vendors/:vendorName/program-defaults', async (ctx) => {
    const defaults = await loadVendorDefaults(knex, ctx.state.caller.tenantId, vendorNameOf(ctx.params.vendorName));
    if (!defaults) throw notFound('Vendor');
    answerVersioned(ctx, defaults);
  });

  router.put('/api/vendors/:vendorName/program-defaults', async (ctx) => {
    const tenantId = ctx.state.caller.tenantId;
    const vendorName = vendorNameOf(ctx.params.vendorName);
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(VendorProgramDefaultsInputSchema, requestBody(ctx));
    await changeInTransaction(context, tenantId, requestReason(ctx.state, "Vendor's program defaults saved"), (trx, changes) =>
      saveVendorProgramDefaults(trx, tenantId, vendorName, input, basedOn, changes),
    );
    answerVersioned(ctx, (await loadVendorDefaults(knex, tenantId, vendorName))!);
  });

  return router;
}
