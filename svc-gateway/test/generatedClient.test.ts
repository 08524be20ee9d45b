import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildGatewayOpenApiDocument } from '@printpool/contracts';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { ORIGIN, startGateway, type TestGateway } from './support/gateway.js';

/**
 * Another team's client, written from the OpenAPI document alone: `paths` is what
 * openapi-typescript generates from it, the calls are openapi-fetch's. It must compile under
 * --strict, and the answers it reads by those types must be the gateway's.
 */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export async function settingsRoundTrip(baseUrl: string, origin: string, email: string) {
  const signIn = await createClient<paths>({ baseUrl }).POST('/api/dev-login', { headers: { Origin: origin }, body: { email } });
  if (!signIn.data?.ok) throw new Error('sign-in answered ' + signIn.response.status);
  const cookie = (signIn.response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const client = createClient<paths>({ baseUrl, headers: { cookie, Origin: origin } });

  const user = await client.GET('/api/auth/user');
  if (!user.data) throw new Error('the user answered ' + user.response.status);
  const read = '"' + user.data.settingsVersion + '"';
  const settings = { bulkPoSuffix: user.data.bulkPoSuffix, bulkEstimateSuffix: user.data.bulkEstimateSuffix };

  const saved = await client.PATCH('/api/user/settings', { params: { header: { 'If-Match': read } }, body: { ...settings, faxNumber: '(555) 123-4567' } });
  if (!saved.data) throw new Error('the save answered ' + saved.response.status);
  const stale = await client.PATCH('/api/user/settings', { params: { header: { 'If-Match': read } }, body: { ...settings, faxNumber: '' } });
  const refused = await client.PATCH('/api/user/settings', {
    params: { header: { 'If-Match': '"' + saved.data.settingsVersion + '"' } },
    body: { ...settings, faxNumber: 'call me' },
  });
  const code: string | undefined = stale.error?.code;
  const issues = (refused.error?.details as { issues?: { field: string }[] } | undefined)?.issues ?? [];
  return {
    email: user.data.email,
    savedFax: saved.data.faxNumber,
    stale: { status: stale.response.status, code },
    refused: { status: refused.response.status, code: refused.error?.code, fields: issues.map((issue) => issue.field) },
  };
}
`;

const repository = fileURLToPath(new URL('../../', import.meta.url));
let folder = '';
let gateway: TestGateway;
let server: Server;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'generated-client-'));
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
  mkdirSync(path.join(folder, 'node_modules'));
  symlinkSync(path.join(repository, 'node_modules/openapi-fetch'), path.join(folder, 'node_modules/openapi-fetch'));
  gateway = await startGateway();
  server = createServer(gateway.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await gateway?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Compiles the folder's client under --strict: the diagnostics, none when it compiled. */
function compileStrict(): string[] {
  const program = ts.createProgram([path.join(folder, 'client.ts')], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    outDir: folder,
  });
  const emitted = program.emit();
  return [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

it('generates with openapi-typescript a client that compiles under --strict and reads what the gateway answers', async () => {
  const schema = astToString(await openapiTS(buildGatewayOpenApiDocument() as unknown as Parameters<typeof openapiTS>[0]));
  writeFileSync(path.join(folder, 'schema.d.ts'), schema);
  writeFileSync(path.join(folder, 'client.ts'), CLIENT);
  expect(compileStrict()).toEqual([]);
  // The error codes are the document's enumeration, not any string.
  expect(schema).toMatch(/code\?: "VALIDATION_FAILED" \| "BAD_REQUEST"/);

  const { port } = server.address() as AddressInfo;
  const { settingsRoundTrip } = (await import(pathToFileURL(path.join(folder, 'client.js')).href)) as {
    settingsRoundTrip(baseUrl: string, origin: string, email: string): Promise<unknown>;
  };
  expect(await settingsRoundTrip(`http://127.0.0.1:${port}`, ORIGIN, 'generated@client.test')).toEqual({
    email: 'generated@client.test',
    savedFax: '(555) 123-4567',
    stale: { status: 409, code: 'VERSION_CONFLICT' },
    refused: { status: 400, code: 'VALIDATION_FAILED', fields: ['faxNumber'] },
  });
});
