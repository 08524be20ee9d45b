/** At most this many replicas of each process: each one's port comes from a range of ten (replicaPort). */
export const MAX_REPLICAS = 9;

/** REPLICAS: how many processes of each service and of the gateway the distributed mode runs (default 1). */
export function replicaCount(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
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
