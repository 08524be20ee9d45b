import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root, from this file's place in infra/launch/{src,dist}/. */
export const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export const fromRoot = (...parts: string[]) => path.join(repoRoot, ...parts);
