import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT, readJson, startSandbox, type EntityResponse, type QueryResult, type Running } from './support.js';

const root = mkdtempSync(path.join(tmpdir(), 'qbo-sandbox-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const basic = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;

function callApi(running: Running, token: string, apiPath: string, init: RequestInit = {}) {
  return fetch(`${running.baseUrl}/v3/company/${running.realmId}${apiPath}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
  });
}

async function customerNamed(running: Running, token: string, name: string) {
  const answer = await callApi(running, token, `/query?query=${encodeURIComponent(`select * from Customer where DisplayName = '${name}'`)}&minorversion=75`);
  return { status: answer.status, customers: answer.ok ? ((await readJson<QueryResult>(answer)).QueryResponse.Customer ?? []) : [] };
}

function refresh(running: Running, refreshToken: string) {
  return fetch(running.sandbox.urls.tokenEndpoint, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
}

describe('a sandbox with a data directory', () => {
  it('keeps its companies, what users changed and the tokens it gave across a restart', async () => {
    const dataDir = path.join(root, 'kept');
    const first = await startSandbox({ dataDir });
    const pair = first.sandbox.admin.issueTokens(CLIENT.clientId, first.realmId);
    const created = await callApi(first, pair.access_token, '/customer?minorversion=75', {
      method: 'POST',
      body: JSON.stringify({ DisplayName: 'Kept Across Restarts Print Co' }),
    });
    expect(created.status).toBe(200);
    const customer = (await readJson<EntityResponse<'Customer'>>(created)).Customer;
    const removedCompany = first.sandbox.admin.companies()[1]!.realmId;
    first.sandbox.admin.removeCompany(removedCompany);
    await first.stop();

    const second = await startSandbox({ dataDir });
    try {
      expect(second.realmId).toBe(first.realmId);
      expect(second.sandbox.admin.companies().map((company) => company.realmId)).toEqual([first.realmId]);
      // The token given before the restart still opens the company, and the change is there.
      const found = await customerNamed(second, pair.access_token, 'Kept Across Restarts Print Co');
      expect(found.status).toBe(200);
      expect(found.customers).toEqual([expect.objectContaining({ Id: customer.Id, SyncToken: customer.SyncToken })]);
      // The refresh token rotates as before, and the next object gets an Id of its own.
      const refreshed = await refresh(second, pair.refresh_token);
      expect(refreshed.status).toBe(200);
      const next = await callApi(second, ((await refreshed.json()) as { access_token: string }).access_token, '/customer?minorversion=75', {
        method: 'POST',
        body: JSON.stringify({ DisplayName: 'Made After The Restart Print Co' }),
      });
      expect(next.status).toBe(200);
      expect(Number((await readJson<EntityResponse<'Customer'>>(next)).Customer.Id)).toBeGreaterThan(Number(customer.Id));
    } finally {
      await second.stop();
    }

    const third = await startSandbox({ dataDir });
    try {
      // The rotated-out refresh token stays dead after another restart.
      expect((await refresh(third, pair.refresh_token)).status).toBe(400);
      expect((await customerNamed(third, third.token, 'Made After The Restart Print Co')).customers).toHaveLength(1);
    } finally {
      await third.stop();
    }
  });

  it('forgets a revoked grant across a restart', async () => {
    const dataDir = path.join(root, 'revoked');
    const first = await startSandbox({ dataDir });
    const pair = first.sandbox.admin.issueTokens(CLIENT.clientId, first.realmId);
    const revoked = await fetch(first.sandbox.urls.revokeEndpoint, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token: pair.refresh_token }),
    });
    expect(revoked.status).toBe(200);
    await first.stop();

    const second = await startSandbox({ dataDir });
    try {
      const refused = await callApi(second, pair.access_token, '/companyinfo/' + second.realmId);
      expect(refused.status).toBe(401);
      expect((await refresh(second, pair.refresh_token)).status).toBe(400);
    } finally {
      await second.stop();
    }
  });
});

describe('a sandbox without a data directory', () => {
  it('writes nothing and starts afresh each time', async () => {
    const cwdBefore = readdirSync(process.cwd());
    const first = await startSandbox();
    const created = await first.api('/customer?minorversion=75', { method: 'POST', body: JSON.stringify({ DisplayName: 'Forgotten Print Co' }) });
    expect(created.status).toBe(200);
    await first.stop();
    expect(readdirSync(process.cwd())).toEqual(cwdBefore);
    expect(existsSync(path.join(process.cwd(), 'qbo-sandbox'))).toBe(false);

    const second = await startSandbox();
    try {
      const refused = await callApi(second, first.token, '/companyinfo/' + second.realmId);
      expect(refused.status).toBe(401);
      expect((await customerNamed(second, second.token, 'Forgotten Print Co')).customers).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
