import { Broker } from './broker.js';
import type { SandboxCompany } from './sandboxAdmin.js';

/** A broker connected to their QuickBooks company. */
export interface ConnectedCompany {
  broker: Broker;
  company: SandboxCompany;
}

/**
 * A broker new to PrintPool connects their company through the consent flow as they would with
 * Intuit's (the fault suite's connectQuickBooks, infra/launch/test/faults/product.ts): the
 * auth URL, the sandbox's consent form approved for the realm, the callback in the broker's session.
 */
export async function connectCompany(origin: string, sandboxUrl: string, email: string, company: SandboxCompany): Promise<ConnectedCompany> {
  const broker = await Broker.signIn(origin, email);
  const { authUrl } = await broker.call('get /api/quickbooks/auth-url', {});
  const consent = new URL(authUrl).searchParams;
  const form = new URLSearchParams({
    client_id: consent.get('client_id')!,
    redirect_uri: consent.get('redirect_uri')!,
    scope: consent.get('scope')!,
    state: consent.get('state')!,
    realmId: company.realmId,
    decision: 'approve',
  });
  const approved = await fetch(`${sandboxUrl}/connect/oauth2/approve`, { method: 'POST', body: form, redirect: 'manual' });
  const callback = approved.headers.get('location');
  if (!callback) throw new Error(`the sandbox's consent answered ${approved.status} without a redirect`);
  const landed = await broker.visit(callback);
  if (landed.headers.get('location') !== '/dashboard?qbo=connected') throw new Error(`${email}'s OAuth callback landed on ${landed.headers.get('location')}`);
  return { broker, company };
}

/** The broker's first sync (Sync Data), waited for; a run that does not complete stops the bench. */
export async function firstSync({ broker }: ConnectedCompany): Promise<void> {
  const run = await broker.call('post /api/quickbooks/sync', { query: { mode: 'full', wait: 'true' } });
  if (!('status' in run) || run.status !== 'completed') throw new Error(`${broker.email}'s first sync ended ${JSON.stringify(run)}`);
}
