import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  internalTokenSecret: string;
  qboTokenKey: string;
  /** Guards the QBO sandbox's admin API (acting as a QuickBooks user); read it from this file. */
  sandboxAdminToken: string;
}

const newSecret = () => randomBytes(32).toString('hex');

/**
 * The embedded mode's secrets, generated once and kept beside its data (mode 0600), so that
 * QuickBooks tokens encrypted with them stay readable after a restart. Deployments set
 * them through the environment instead.
 */
export function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Partial<LocalSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  // Secrets added in later versions are generated on the next start; existing ones are kept.
  const secrets: LocalSecrets = {
    internalTokenSecret: stored.internalTokenSecret ?? newSecret(),
    qboTokenKey: stored.qboTokenKey ?? newSecret(),
    sandboxAdminToken: stored.sandboxAdminToken ?? newSecret(),
  };
  if (Object.keys(stored).length !== Object.keys(secrets).length) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
