import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createEvent, INVENTORY_EVENTS, withRevision } from '@printpool/contracts';
import type { EventBus } from '../src/events/bus.js';
import { createTestNatsBus, startNatsServer, waitFor, type NatsServerHandle } from '../src/testing/index.js';

/**
 * examples/inventory-subscriber is what another team starts from: copied out of the repository,
 * with only the packages its package.json names (linked from this checkout's node_modules), it
 * follows the events the product publishes.
 */
const repository = fileURLToPath(new URL('../../../', import.meta.url));
const example = path.join(repository, 'examples/inventory-subscriber');

let server: NatsServerHandle | undefined;
let url = process.env.NATS_URL ?? '';
let bus: EventBus;
let child: ChildProcess | undefined;
let folder = '';
const consumer = `example-${randomBytes(4).toString('hex')}`;
const tenantId = `example-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  if (!url) {
    server = await startNatsServer();
    url = server.url;
  }
  bus = await createTestNatsBus(url);
  folder = mkdtempSync(path.join(tmpdir(), 'inventory-subscriber-'));
  cpSync(example, folder, { recursive: true });
  const { dependencies } = JSON.parse(readFileSync(path.join(example, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    mkdirSync(path.dirname(path.join(folder, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(repository, 'node_modules', name), path.join(folder, 'node_modules', name));
  }
});

afterAll(async () => {
  child?.kill('SIGTERM');
  await bus?.close();
  const nc = await connect({ servers: url });
  await (await jetstreamManager(nc)).consumers.delete('INVENTORY', consumer).catch(() => undefined);
  await nc.close();
  await server?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

it('runs outside the repository and prints each inventory event once, passing over one older than what it applied and setting aside a version it does not read', async () => {
  let output = '';
  child = spawn(process.execPath, ['subscribe.mjs'], { cwd: folder, env: { PATH: process.env.PATH, NATS_URL: url, CONSUMER: consumer } });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(() => expect(output).toContain(`following inventory events on ${url} as ${consumer}`), { timeoutMs: 15_000 });

  // As published (revision.ts): the level at revision 40, then a redelivery of the change before it.
  const level = createEvent(INVENTORY_EVENTS.itemLevelChanged, tenantId, withRevision({ itemQbId: '17', virtualInventory: 4200.5 }, 40));
  const earlier = createEvent(INVENTORY_EVENTS.itemLevelChanged, tenantId, withRevision({ itemQbId: '17', virtualInventory: 5000 }, 31));
  const future = createEvent(INVENTORY_EVENTS.itemLevelChanged, tenantId, { itemQbId: '17', level: { units: 4200.5 } }, 2);
  await bus.publish(level);
  await bus.publish(earlier);
  await bus.publish(future);
  await waitFor(
    () => {
      expect(output).toContain(`inventory.item-level.changed tenant=${tenantId} {"itemQbId":"17","virtualInventory":4200.5,"revision":40}`);
      expect(output).toContain(`passed over inventory.item-level.changed ${earlier.id}: revision 31, ${tenantId}/item-level/17 is at 40`);
      expect(output).toContain(`set aside inventory.item-level.changed ${future.id}: version 2, this subscriber reads 1`);
    },
    { timeoutMs: 15_000 },
  );
  expect(output.split('\n').filter((line) => line.includes(`tenant=${tenantId}`))).toHaveLength(1);
});
