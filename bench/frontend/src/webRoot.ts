import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_REMOTES } from '@printpool/svc-gateway';

/**
 * The web root the bench's all-in-one serves (WEB_ROOT): the built shell and remotes as the
 * launcher stages them (infra/launch/src/webRoot.ts), and the floor's build beside the shell's
 * files, so the same gateway serves it at /floor/ with the same headers, compression and API.
 */
export function stageWebRoot(repoRoot: string, dataDir: string): string {
  const webRoot = path.join(dataDir, 'web');
  const shell = path.join(webRoot, 'shell');
  const shellDist = path.join(repoRoot, 'shell/dist');
  const floorDist = path.join(repoRoot, 'bench/frontend/floor/dist');
  for (const dist of [shellDist, floorDist])
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} holds no build (run npm run build first)`);
  mkdirSync(shell, { recursive: true });
  mkdirSync(path.join(webRoot, 'remotes'));
  for (const file of readdirSync(shellDist)) symlinkSync(path.join(shellDist, file), path.join(shell, file));
  symlinkSync(floorDist, path.join(shell, 'floor'), 'dir');
  for (const { pathName } of DEFAULT_REMOTES) symlinkSync(path.join(repoRoot, pathName, 'dist'), path.join(webRoot, 'remotes', pathName), 'dir');
  return webRoot;
}
