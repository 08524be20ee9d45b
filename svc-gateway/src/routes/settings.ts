import type { Knex } from 'knex';
import { basedOnVersion, createRouter, notFound, parseInput, versionConflict, type OutboxRelay, type ServiceRouter } from '@printpool/service-kit';
import { UserSettingsInputSchema } from '@printpool/contracts';
import { Tenant } from '../db/models/Tenant.js';
import { User } from '../db/models/User.js';
import { requireSession } from '../http/session.js';
import { requestBody } from '@printpool/service-kit';
import { recordSettingsUpdated } from '../events/settingsUpdated.js';
import { loadUser, toUserBody } from '../auth/accounts.js';
import { settingsDifferences } from '../domain/settingsVersion.js';

/** The Settings page: bulk detection suffixes, the fax number printed on pull tickets and which price a pull ticket prints. */
export function settingsRoutes(deps: { knex: Knex; outbox: Pick<OutboxRelay, 'publishNow'> }): ServiceRouter {
  const router = createRouter('/api');

  router.patch('/user/settings', async (ctx) => {
    const session = requireSession(ctx);
    const basedOn = basedOnVersion(ctx);
    const input = parseInput(UserSettingsInputSchema, requestBody(ctx));
    await deps.knex.transaction(async (trx) => {
      // Read under the company's lock: no other save can land between this check and the write.
      const [locked, member] = [await Tenant.query(trx).findById(session.tenantId).forUpdate(), await User.query(trx).findById(session.userId)];
      if (!locked || !member) throw notFound('User');
      const current = toUserBody(member, locked);
      if (current.settingsVersion !== basedOn) throw versionConflict("company's settings", current, settingsDifferences(current, input));
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
    ctx.set('ETag', `"${user.settingsVersion}"`);
    ctx.body = user;
  });

  return router;
}
