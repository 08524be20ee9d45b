import { AttachmentUploadFieldsSchema } from '@printpool/contracts';
import { createRouter, notFound, parseInput, type ServiceRouter } from '@printpool/service-kit';
import { findAttachment, insertAttachment } from '../db/attachments.js';
import type { DocumentsDeps } from '../deps.js';
import { sanitizeFileName } from '../domain/fileName.js';
import { receiveUpload } from '../attachments/receiveUpload.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Approval attachments: upload checked by content and size, download scoped to the tenant. */
export function attachmentRoutes(deps: DocumentsDeps): ServiceRouter {
  const router = createRouter();
  const store = deps.attachments;

  router.post('/api/attachments', async (ctx) => {
    const { caller } = ctx.state;
    const upload = await receiveUpload(ctx.req, store, deps.config.maxUploadBytes);
    const fileName = sanitizeFileName(upload.clientFileName, `attachment.${upload.type.extension}`);
    try {
      // Fields may follow the file in the form, so they are checked once it is stored.
      const { pullTicketId } = parseInput(AttachmentUploadFieldsSchema, upload.fields);
      await insertAttachment(deps.db.knex, {
        tenant_id: caller.tenantId,
        id: upload.id,
        storage_name: upload.storageName,
        file_name: fileName,
        content_type: upload.type.contentType,
        size: upload.size,
        pull_ticket_id: pullTicketId ?? null,
        uploaded_by: caller.userId,
      });
    } catch (error) {
      await store.remove(upload.storageName);
      throw error;
    }
    ctx.status = 201;
    ctx.body = { id: upload.id, path: `/api/attachments/${upload.id}`, fileName, contentType: upload.type.contentType, size: upload.size };
  });

  router.get('/api/attachments/:id', async (ctx) => {
    const id = ctx.params.id!;
    const row = UUID.test(id) ? await findAttachment(deps.db.knex, ctx.state.caller.tenantId, id) : undefined;
    const file = row ? await store.open(row.storage_name) : undefined;
    if (!row || !file) throw notFound('Attachment');
    ctx.type = row.content_type;
    ctx.length = Number(row.size);
    ctx.attachment(row.file_name);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = file;
  });

  return router;
}
