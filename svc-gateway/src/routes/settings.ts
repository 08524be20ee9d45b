import type { Knex } from 'knex';
import { createRouter, notFound, parseInput, type OutboxRelay, type ServiceRouter } from '@printpool/service-kit';
import { UserSettingsInputSchema } from '@printpool/contracts';
import { Tenant } from '../db/models/Tenant.js';
import { User } from '../db/models/User.js';
import { requireSession } from '../http/session.js';
import { requestBody } from '@printpool/service-kit';
import { recordSettingsUpdated } from '../events/settingsUpdated.js';
import { loadUser } from '../auth/accounts.js';

/** The Settings page: bulk detection suffixes, the fax number printed on pull tickets and which price a pull ticket prints. */
export function settingsRoutes(deps: { knex: Knex; outbox: Pick<OutboxRelay, 'publishNow'> }): ServiceRouter {
  const router = createRouter('/api');

  router.patch('/user/settings', async (ctx) => {
    const session = requireSession(ctx);
    const input = parseInput(UserSettingsInputSchema, requestBody(ctx));
    await deps.knex.transaction(async (trx) => {
      const tenant = await Tenant.query(trx).patchAndFetchById(session.tenantId, {
        bulkPoSuffix: input.bulkPoSuffix,
        bulkEstimateSuffix: input.bulkEstimateSuffix,
        ...(input.faxNumber === undefined ? {} : { faxNumber: input.faxNumber }),
        ...(input.pullTicketPrices === undefined ? {} : { pullTicketPrices: input.pullTicketPrices }),
        updatedAt: new Date(),
      });
      if (!tenant) throw notFound('User');
      const user = await User.query(trx).where({ id: session.userId, tenant_id: session.tenantId }).first();
      if (!user) throw notFound('User');
      await recordSettingsUpdated(trx, session.tenantId, { ...tenant, userEmail: user.email });
    });
    void deps.outbox.publishNow();
    const user = await loadUser(deps.knex, session);
    if (!user) throw notFound('User');
    ctx.body = user;
  });

  return router;
}
