import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

/** A mail server the suite can take down (connections refused) and bring back on the same port. */
export class SwitchableMailServer {
  private server: SMTPServer | undefined;
  received = 0;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.once('end', () => {
          this.received += 1;
          callback();
        });
      },
    });
    server.on('error', () => undefined);
    server.listen(this.port, '127.0.0.1');
    await once(server.server, 'listening');
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
