import { createLogger } from '@printpool/service-kit';
import { describeRouteAccess } from '@printpool/service-kit/testing';
import { DOCUMENTS_ROUTES } from '@printpool/contracts';
import { startDevMailbox } from '../src/index.js';
import { TENANT } from './support/fixtures.js';
import { postJson, startHarness } from './support/harness.js';

// The company is the inventory peer's: pull ticket 41 (PT-000042), sales order 7, purchase order 3, customer 12;
// it e-mails the ticket (a log entry) and uploads an attachment.
describeRouteAccess('svc-documents', DOCUMENTS_ROUTES, async () => {
  const mailbox = await startDevMailbox({ logger: createLogger('mailbox-test', 'silent') });
  const h = await startHarness(mailbox.smtpUrl);
  return {
    call: async ({ tenantId, role }, method, path, body, headers = {}) => {
      const init = body === undefined ? { method: method.toUpperCase(), headers } : { ...postJson(body), method: method.toUpperCase() };
      const answer = await h.call(tenantId, path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } }, undefined, role);
      return { status: answer.status, text: await answer.text() };
    },
    async seed() {
      const emailed = await h.call(TENANT, '/api/pull-tickets/41/email', postJson({ emailAddress: 'orders@vendor.test' }));
      if (emailed.status !== 200) throw new Error(`E-mailing the ticket answered ${emailed.status}: ${await emailed.text()}`);
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'proof.pdf');
      const uploaded = await h.call(TENANT, '/api/attachments', { method: 'POST', body: form });
      const attachment = (await uploaded.json()) as { path: string };
      return {
        tenantId: TENANT,
        markers: ['PT-000042', 'orders@vendor.test'],
        paths: {
          'get /api/pull-tickets/:id/pdf': '/api/pull-tickets/41/pdf',
          'get /api/sales-orders/:id/pdf': '/api/sales-orders/7/pdf',
          'get /api/purchase-orders/:id/pdf': '/api/purchase-orders/3/pdf',
          'post /api/pull-tickets/:id/email': '/api/pull-tickets/41/email',
          'post /api/sales-orders/:id/send-estimate': '/api/sales-orders/7/send-estimate',
          'get /api/customers/:id/statement.pdf': '/api/customers/12/statement.pdf',
          'post /api/customers/:id/statement/email': '/api/customers/12/statement/email',
          'get /api/customers/:id/statement/schedule': '/api/customers/12/statement/schedule',
          'put /api/customers/:id/statement/schedule': '/api/customers/12/statement/schedule',
          'get /api/attachments/:id': attachment.path,
        },
        bodies: {
          'post /api/pull-tickets/:id/email': { emailAddress: 'orders@vendor.test' },
          'post /api/sales-orders/:id/send-estimate': {},
          'post /api/customers/:id/statement/email': { from: '2026-10-01', to: '2026-10-31' },
          'put /api/customers/:id/statement/schedule': { monthly: true },
        },
      };
    },
    async close() {
      await h.close();
      await mailbox.close();
    },
  };
});
