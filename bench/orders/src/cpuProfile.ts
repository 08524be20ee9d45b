import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Chromium's CPU profile of what `during` makes the page do (DevTools protocol), written to
 * `folder/name.cpuprofile` to open in DevTools, with the functions that took most of it printed:
 * what to make faster.
 */
export async function profiled<T>(page: Page, folder: string, name: string, during: () => Promise<T>): Promise<T> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  const result = await during();
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
  await session.detach();
  await writeFile(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
  process.stdout.write(`\n${name}: the functions that ran longest themselves (${path.join(folder, `${name}.cpuprofile`)})\n`);
  for (const [frame, ms] of selfTimes(profile).slice(0, 15)) process.stdout.write(`${ms.toFixed(1).padStart(9)} ms  ${frame}\n`);
  return result;
}

function selfTimes(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    const frame = `${functionName || '(anonymous)'} ${url ? `${url.split('/').at(-1)}:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
    totals.set(frame, (totals.get(frame) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}
