import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { v7 as uuidv7 } from 'uuid';
import { createRouter, parseInput, type ServiceRouter } from '@printpool/service-kit';
import { ContactMessageInputSchema } from '@printpool/contracts';
import { ContactMessage } from '../db/models/ContactMessage.js';
import { currentSession } from '../http/session.js';
import { requestBody } from '@printpool/service-kit';

/** The public contact form; a signed-in sender's message is linked to their tenant. */
export function contactRoutes(deps: { knex: Knex; contactLimit: Middleware }): ServiceRouter {
  const router = createRouter('/api');

  router.post('/contact', deps.contactLimit, async (ctx) => {
    const input = parseInput(ContactMessageInputSchema, requestBody(ctx));
    await ContactMessage.query(deps.knex).insert({
      id: uuidv7(),
      tenantId: currentSession(ctx)?.tenantId ?? null,
      name: input.name,
      email: input.email,
      company: input.company || null,
      phone: input.phone || null,
      subject: input.subject || null,
      message: input.message,
    });
    ctx.status = 201;
    ctx.body = { ok: true };
  });

  return router;
}
