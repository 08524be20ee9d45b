import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '@printpool/service-kit/testing';
import { supervise } from '../src/supervisor.js';

/** A process that counts its starts in a file and, while the count is below `crashes`, exits at once with code 3. */
async function flakyScript(crashes: number): Promise<{ script: string; starts: () => Promise<number> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pp-supervisor-'));
  const counter = path.join(dir, 'starts');
  await writeFile(counter, '0');
  const script = path.join(dir, 'service.mjs');
  await writeFile(
    script,
    `import { readFileSync, writeFileSync } from 'node:fs';
const starts = Number(readFileSync(${JSON.stringify(counter)}, 'utf8')) + 1;
writeFileSync(${JSON.stringify(counter)}, String(starts));
if (starts <= ${crashes}) process.exit(3);
setInterval(() => undefined, 1000);
`,
  );
  return { script, starts: async () => Number(await readFile(counter, 'utf8')) };
}

describe('a supervised service process', () => {
  it('is started again after it exits, with a growing delay, until it stays up', async () => {
    const { script, starts } = await flakyScript(2);
    const exits: [number | null, number][] = [];
    const service = supervise({ name: 'svc-flaky', script, env: process.env }, { firstDelayMs: 50, onExit: (_name, code, wait) => exits.push([code, wait]) });
    try {
      await waitFor(async () => expect(await starts()).toBe(3), { timeoutMs: 10_000 });
      expect(exits).toEqual([
        [3, 50],
        [3, 100],
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(service.current().exitCode).toBeNull();
    } finally {
      await service.stop();
    }
    expect(await starts()).toBe(3);
  });

  it('is not started again once stopped', async () => {
    const { script, starts } = await flakyScript(0);
    const service = supervise({ name: 'svc-steady', script, env: process.env }, { firstDelayMs: 10 });
    await waitFor(async () => expect(await starts()).toBe(1));
    await service.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await starts()).toBe(1);
    expect(service.current().signalCode).toBe('SIGTERM');
  });
});
