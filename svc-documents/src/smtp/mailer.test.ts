import { createServer, type AddressInfo, type Socket } from 'node:net';
import { createMailer } from './mailer.js';

describe('sending to a mail server that takes the connection and never speaks', () => {
  it('gives up within SMTP_TIMEOUT_MS and says the server did not answer in time', async () => {
    const connections: Socket[] = [];
    const silent = createServer((socket) => void connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      from: 'PrintPool <no-reply@printpool.test>',
      attempts: 1,
      baseDelayMs: 0,
      timeoutMs: 300,
    });
    try {
      const started = Date.now();
      const outcome = await mailer.send({ to: 'vendor@example.com', subject: 'Pull Ticket PT-000001', text: 'Please pull.' });
      expect(outcome).toEqual({ ok: false, attempts: 1, error: expect.stringMatching(/^The mail server did not answer in time \(/) });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      mailer.close();
      for (const socket of connections) socket.destroy();
      silent.close();
    }
  });
});
