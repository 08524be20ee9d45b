import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from './repoPaths.js';

const REMOTE_DIRS = ['mfe-purchase-orders', 'mfe-sales-orders', 'mfe-pull-tickets', 'mfe-catalog'];

/**
 * Lays out the built front-ends as a deployment image would (`shell/`, `remotes/<name>/`),
 * linking to each package's build output, and returns the directory for WEB_ROOT.
 */
export function stageWebRoot(dataDir: string): string {
  const webRoot = path.resolve(dataDir, 'web');
  rmSync(webRoot, { recursive: true, force: true });
  mkdirSync(path.join(webRoot, 'remotes'), { recursive: true });
  symlinkSync(fromRoot('shell', 'dist'), path.join(webRoot, 'shell'), 'dir');
  for (const dir of REMOTE_DIRS) symlinkSync(fromRoot(dir, 'dist'), path.join(webRoot, 'remotes', dir), 'dir');
  return webRoot;
}
