import { isIP } from 'node:net';

/**
 * Why a request line's target is not the origin form (`/path?query`) the gateway serves, or null
 * when it is. An absolute target (`http://host/…`) or a network-path one (`//host/…`) names a host
 * of its own: read with `new URL(target, service)` it would replace the service's address, so the
 * gateway would forward the request (and a member's internal token) wherever the caller chose.
 * Browsers only ever send the origin form to a server that is not a proxy.
 */
export function requestTargetProblem(target: string): string | null {
  if (target.startsWith('//')) return 'a host of its own (//host)';
  if (!target.startsWith('/')) return /^[a-z][a-z0-9+.-]*:/i.test(target) ? 'a host of its own (absolute form)' : 'no leading /';
  return null;
}

/**
 * The host names, besides `PUBLIC_ORIGIN`'s and `ALLOWED_HOSTS`, that always reach this gateway:
 * loopback names and IP literals (probes, the replica balancer and scrapers address a pod by IP).
 * A domain name the deployment did not configure is refused, so a name re-pointed at the gateway
 * (DNS rebinding) never reads a member's data or mints links on another host.
 */
export function isServedHost(host: string, configured: readonly string[]): boolean {
  const name = hostName(host);
  if (name === null) return false;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name.startsWith('[') ? name.slice(1, -1) : name) !== 0) return true;
  return configured.some((allowed) => allowed.toLowerCase() === name);
}

/** `Host`'s name without its port, lower case; null when it is not a host name at all. */
function hostName(host: string): string | null {
  if (host === '') return null;
  try {
    const url = new URL(`http://${host}`);
    // `new URL` would drop userinfo or a path; a Host with either names something else.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    if (url.host !== host.toLowerCase() && url.host !== host.toLowerCase().replace(/:80$/, '')) return null;
    return url.hostname;
  } catch {
    return null;
  }
}
