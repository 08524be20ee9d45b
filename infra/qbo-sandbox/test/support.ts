import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createQboSandbox, type QboSandbox } from '../src/index.js';
import type { QboSandboxOptions } from '../src/config.js';

export const CLIENT = { clientId: 'ABtestclient', clientSecret: 'test-secret', redirectUris: ['http://localhost:9999/callback'] };

export interface Running {
  sandbox: QboSandbox;
  baseUrl: string;
  realmId: string;
  token: string;
  api: (path: string, init?: RequestInit) => Promise<Response>;
  query: (text: string) => Promise<{ status: number; body: any }>;
  stop: () => Promise<void>;
}

/** A sandbox on a real port, with a token for its first company. */
export async function startSandbox(options: Partial<QboSandboxOptions> = {}, prefix = ''): Promise<Running> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
  const sandbox = createQboSandbox({ baseUrl, clients: [CLIENT], logger: pino({ level: 'silent' }), ...options });
  server.on('request', sandbox.app.callback());
  const realmId = sandbox.admin.companies()[0]!.realmId;
  const token = sandbox.admin.issueTokens(CLIENT.clientId, realmId).access_token;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}/v3/company/${realmId}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    });
  const query = async (text: string) => {
    const response = await api(`/query?query=${encodeURIComponent(text)}&minorversion=75`);
    return { status: response.status, body: await response.json() };
  };
  return {
    sandbox,
    baseUrl,
    realmId,
    token,
    api,
    query,
    stop: async () => {
      await sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
