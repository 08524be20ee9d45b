import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OTHER_TENANT, TENANT } from './fixtures.js';
import { startHarness, type Harness } from './harness.js';

interface Uploaded {
  id: string;
  path: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** One attachment store as the suite sees it: how to point svc-documents at it, and what it holds. */
export interface AttachmentStoreFixture {
  /** Variables for svc-documents beside the harness's own (ATTACHMENTS_DIR, a folder of its own). */
  env: Record<string, string>;
  /** Every file the store holds under its names, with anything left in its staging folder. */
  stored(h: Harness): Promise<string[]>;
  read(h: Harness, name: string): Promise<Buffer>;
  /** Removes a kept file behind the service's back. */
  remove(h: Harness, name: string): Promise<void>;
  close(): Promise<void>;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000)]);
const EXE = Buffer.concat([Buffer.from('MZ'), randomBytes(4096)]);

/**
 * What attachments promise the broker, whichever store keeps them (attachments/storeFromEnv.ts):
 * the same suite runs on local disk and on an S3-compatible server.
 */
export function describeAttachmentStoreContract(name: string, openStore: () => Promise<AttachmentStoreFixture>): void {
  let h: Harness;
  let store: AttachmentStoreFixture;

  function upload(tenantId: string, content: Buffer, fileName: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    // The declared type is the client's claim; the service must judge the bytes.
    form.append('file', new Blob([content], { type: 'image/png' }), fileName);
    return h.call(tenantId, '/api/attachments', { method: 'POST', body: form });
  }

  const stored = () => store.stored(h);

  describe(`POST /api/attachments on ${name}`, () => {
    beforeAll(async () => {
      store = await openStore();
      h = await startHarness('smtp://127.0.0.1:9', store.env);
    });

    afterAll(async () => {
      await h.close();
      await store.close();
    });

    it('round-trips a valid file byte for byte under a generated name', async () => {
      const response = await upload(TENANT, PDF, 'proof v2.pdf', { pullTicketId: '41' });
      expect(response.status).toBe(201);
      const body = (await response.json()) as Uploaded;
      expect(body).toEqual({
        id: expect.any(String),
        path: `/api/attachments/${body.id}`,
        fileName: 'proof v2.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
      });
      expect(await stored()).toContain(`${body.id}.pdf`);
      expect((await store.read(h, `${body.id}.pdf`)).equals(PDF)).toBe(true);

      const download = await h.call(TENANT, body.path);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toBe('attachment; filename="proof v2.pdf"');
      expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    });

    it("answers 404 to another tenant's download", async () => {
      const { path: location } = (await (await upload(TENANT, PNG, 'mine.png')).json()) as Uploaded;
      expect((await h.call(OTHER_TENANT, location)).status).toBe(404);
      expect((await h.call(TENANT, '/api/attachments/not-a-uuid')).status).toBe(404);
    });

    it('answers 404 for an attachment whose file is gone from the store', async () => {
      const { id, path: location } = (await (await upload(TENANT, PNG, 'gone.png')).json()) as Uploaded;
      await store.remove(h, `${id}.png`);
      expect((await h.call(TENANT, location)).status).toBe(404);
    });

    it('refuses an executable renamed to .png as Invalid File Type and keeps nothing', async () => {
      const before = await stored();
      const response = await upload(TENANT, EXE, 'photo.png');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Invalid File Type' });
      expect(await stored()).toEqual(before);
    });

    it('takes a file of exactly 10 MiB and refuses one byte more', async () => {
      const exactly = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)]);
      const taken = await upload(TENANT, exactly, 'exactly.png');
      expect(taken.status).toBe(201);
      expect(((await taken.json()) as Uploaded).size).toBe(10 * 1024 * 1024);
      const over = await upload(TENANT, Buffer.concat([exactly, Buffer.alloc(1)]), 'over.png');
      expect(over.status).toBe(413);
    });

    it('refuses an 11 MB file as File Too Large without storing anything', async () => {
      const before = await stored();
      const big = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
      const response = await upload(TENANT, big, 'huge.png');
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ message: 'File Too Large' });
      expect(await stored()).toEqual(before);
    });

    it('refuses an oversized upload sent without a length while it streams, removing the partial file', async () => {
      const before = await stored();
      const boundary = 'pp-boundary';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(Buffer.concat([head, PNG]));
          else if (sent <= 11) controller.enqueue(chunk);
          else {
            controller.enqueue(tail);
            controller.close();
          }
          sent++;
        },
      });
      const response = await h.call(TENANT, '/api/attachments', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ message: 'File Too Large' });
      expect(await stored()).toEqual(before);
    });

    it('stores a path-traversal file name under a generated name inside the store', async () => {
      const response = await upload(TENANT, PNG, '../../etc/passwd.png');
      expect(response.status).toBe(201);
      const body = (await response.json()) as Uploaded;
      expect(body).toMatchObject({ fileName: 'passwd.png', contentType: 'image/png', size: PNG.length });
      const names = await stored();
      expect(names).toContain(`${body.id}.png`);
      expect(names.every((name) => /^[0-9a-f-]{36}\.(png|pdf|jpg|gif)$/.test(name))).toBe(true);
      expect((await store.read(h, `${body.id}.png`)).equals(PNG)).toBe(true);
    });

    it('removes the stored file when a field is refused', async () => {
      const before = await stored();
      const response = await upload(TENANT, PNG, 'ok.png', { pullTicketId: 'x'.repeat(65) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^pullTicketId: /);
      expect(await stored()).toEqual(before);
    });

    it('answers 400 to a form that ends inside the file, keeps nothing and stays up', async () => {
      const before = await stored();
      const boundary = 'cutshort';
      const form = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        PNG,
      ]);
      const response = await h.call(TENANT, '/api/attachments', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: form,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Malformed multipart body' });
      expect(await stored()).toEqual(before);
      expect((await upload(TENANT, PNG, 'after.png')).status).toBe(201);
    });

    it('refuses a body without a file and a non-multipart body', async () => {
      const form = new FormData();
      form.append('pullTicketId', '41');
      expect((await h.call(TENANT, '/api/attachments', { method: 'POST', body: form })).status).toBe(400);
      const json = await h.call(TENANT, '/api/attachments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(json.status).toBe(415);
    });
  });
}
