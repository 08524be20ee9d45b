import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Koa from 'koa';
import nodemailer from 'nodemailer';
import { createLogger } from '@printpool/service-kit';
import { startDevMailbox, type DevMailbox } from '../src/index.js';

let mailbox: DevMailbox;
let server: Server;
let url: string;

beforeAll(async () => {
  mailbox = await startDevMailbox({ logger: createLogger('mailbox-test', 'silent'), capacity: 3 });
  // Mounted the way the all-in-one launcher mounts it.
  const app = new Koa();
  app.use(mailbox.router.routes());
  server = createServer(app.callback());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await mailbox.close();
});

function send(subject: string, attachments: Array<{ filename: string; content: Buffer; contentType: string }> = []) {
  const transport = nodemailer.createTransport(mailbox.smtpUrl);
  return transport.sendMail({ from: 'Broker <pt@broker.test>', to: 'vendor@mill.test', subject, text: 'Hello', attachments }).finally(() => transport.close());
}

describe('dev mailbox', () => {
  it('lists received messages with escaped fields and serves their attachments', async () => {
    const content = Buffer.from('%PDF-1.7 fake pdf bytes');
    await send('<script>alert(1)</script> PT-000042', [{ filename: 'PT-000042.pdf', content, contentType: 'application/pdf' }]);

    const page = await fetch(`${url}/dev/mailbox`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; PT-000042');
    expect(html).not.toContain('<script>');
    expect(html).toContain('vendor@mill.test');
    expect(html).toContain('pt@broker.test');

    const [mail] = mailbox.messages();
    const link = `/dev/mailbox/${mail!.id}/attachments/0`;
    expect(html).toContain(`href="${link}"`);
    const download = await fetch(`${url}${link}`);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    expect((await fetch(`${url}/dev/mailbox/${mail!.id}/attachments/1`)).status).toBe(404);
  });

  it('lists the same messages as JSON, without their content', async () => {
    const content = Buffer.from('%PDF-1.7 fake pdf bytes');
    await send('PT-000043', [{ filename: 'PT-000043.pdf', content, contentType: 'application/pdf' }]);
    const res = await fetch(`${url}/dev/mailbox.json`);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const [latest] = (await res.json()) as Array<Record<string, unknown>>;
    const id = mailbox.messages()[0]!.id;
    expect(latest).toEqual({
      id,
      from: '"Broker" <pt@broker.test>',
      to: ['vendor@mill.test'],
      subject: 'PT-000043',
      date: expect.any(String),
      attachments: [{ filename: 'PT-000043.pdf', contentType: 'application/pdf', size: content.length, url: `/dev/mailbox/${id}/attachments/0` }],
    });
  });

  it('keeps only the newest messages up to its capacity', async () => {
    for (const n of [1, 2, 3, 4]) await send(`Message ${n}`);
    expect(mailbox.messages().map((m) => m.subject)).toEqual(['Message 4', 'Message 3', 'Message 2']);
  });
});
