/**
 * The Fetch standard's "bad ports" (https://fetch.spec.whatwg.org/#port-blocking): browsers and
 * Node's fetch refuse to connect to them, so a product listening on one cannot be opened in a
 * browser nor checked for readiness by the launchers.
 */
const FETCH_BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** A port a launcher is to listen on, and the variable it comes from (`PORT`, `SERVICE_BASE_PORT + 10`). */
export interface LaunchPort {
  port: number;
  from: string;
  serves: string;
}

/**
 * Why the launcher cannot use these ports, naming the variable to change, or undefined when it
 * can: a port outside 0–65535, or one browsers refuse.
 */
export function launchPortProblem(ports: readonly LaunchPort[]): string | undefined {
  for (const { port, from, serves } of ports) {
    if (!Number.isInteger(port) || port < 0 || port > 65535) return `${from} gives port ${port} for ${serves}, which is not a port number (0–65535).`;
    if (FETCH_BAD_PORTS.has(port))
      return `${from} gives port ${port} for ${serves}, a port browsers and fetch refuse to connect to (the Fetch standard's bad ports); choose another ${from.split(' ')[0]}.`;
  }
  return undefined;
}
