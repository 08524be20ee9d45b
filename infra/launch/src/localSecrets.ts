import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  internalTokenSecret: string;
  qboTokenKey: string;
}

/**
 * The embedded mode's secrets, generated once and kept beside its data (mode 0600), so that
 * QuickBooks tokens encrypted with them stay readable after a restart. Deployments set
 * them through the environment instead.
 */
export function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: LocalSecrets = {
    internalTokenSecret: randomBytes(32).toString('hex'),
    qboTokenKey: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
