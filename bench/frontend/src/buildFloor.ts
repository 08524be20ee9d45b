import { spawn } from 'node:child_process';

/**
 * Builds the floor (bench/frontend/floor: the shell and the dashboard's widgets as one bundle)
 * from the sources as they are now, in a process of its own that ends before any load.
 */
export async function buildFloor(repoRoot: string): Promise<void> {
  const build = spawn('npm', ['run', 'build:floor', '--silent', '-w', '@printpool/bench-frontend-floor'], { cwd: repoRoot, stdio: 'inherit' });
  const code = await new Promise((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`the floor's build failed (${code})`);
}
