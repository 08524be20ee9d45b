import { SERVICE_ROUTES, type RouteContract } from '@printpool/contracts';

interface Compiled {
  name: string;
  parts: string[];
}

/** Literal segments before parameters, position by position: `/bulk/open` is tried before `/:id/status`. */
const specificity = (parts: string[]) => parts.map((part) => (part.startsWith(':') ? '1' : '0')).join('');

function compile(routes: readonly RouteContract[]): Map<string, Compiled[]> {
  const byMethod = new Map<string, Compiled[]>();
  for (const route of routes) {
    if (route.caller === 'service') continue;
    const method = route.method.toUpperCase();
    const list = byMethod.get(method) ?? [];
    list.push({ name: route.path, parts: route.path.split('/').filter(Boolean) });
    byMethod.set(method, list);
  }
  for (const list of byMethod.values()) list.sort((a, b) => specificity(a.parts).localeCompare(specificity(b.parts)));
  return byMethod;
}

const FORWARDED = compile(SERVICE_ROUTES);

/**
 * The route contract (libs/contracts) a forwarded call reaches, as the service's router names it
 * (`/api/purchase-orders/:id/status`): the gateway's metrics and spans are labelled by it, so
 * they count per route without a label per record id. Undefined for a path no contract serves.
 */
export function forwardedRouteName(method: string, path: string): string | undefined {
  const segments = path.split('/').filter(Boolean);
  const found = FORWARDED.get(method === 'HEAD' ? 'GET' : method)?.find(
    ({ parts }) => parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
  return found?.name;
}
