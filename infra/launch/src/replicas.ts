import { defineSettings } from '@printpool/service-kit';

/** At most this many replicas of each process: each one's port comes from a range of ten (replicaPort). */
export const MAX_REPLICAS = 9;

export const REPLICA_SETTINGS = defineSettings(
  { part: 'launchers', usedBy: '`npm run start:distributed`' },
  {
    REPLICAS: {
      default: 1,
      description: `processes of the gateway and of each service (at most ${MAX_REPLICAS}), behind a balancer on the usual port that sends each request to a ready one, as a Kubernetes Service does`,
    },
  },
);

/** REPLICAS: how many processes of each service and of the gateway the distributed mode runs (default 1). */
export function replicaCount(value: string | undefined): number {
  if (value === undefined || value === '') return REPLICA_SETTINGS.defaultOf('REPLICAS');
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS)
    throw new Error(`REPLICAS must be a whole number from 1 to ${MAX_REPLICAS}, not '${value}'`);
  return count;
}

/**
 * The port of one replica: SERVICE_BASE_PORT + 40 + ten per process (the gateway 0, then
 * svc-inventory, svc-sync, svc-documents) + the replica's number, past the ports the mode
 * already uses (services +1..+3, the sandbox +10, the dev mailbox +20).
 */
export function replicaPort(basePort: number, processIndex: number, replica: number): number {
  return basePort + 40 + processIndex * 10 + replica;
}
