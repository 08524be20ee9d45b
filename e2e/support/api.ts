import { expect, type APIResponse, type Page } from '@playwright/test';
import { routeRequest, type RouteAnswer, type RouteInput, type RouteName } from '@printpool/contracts';
import { baseURL } from './env.js';

/**
 * Sends a call of a route, named as its contract names it (libs/contracts/src/http/routeCall.ts),
 * in the page's session, and gives the response as it came: for a test that checks the status
 * itself, a refusal's above all. A write carries the app's origin, as the browser's own calls do
 * (svc-gateway/src/http/originCheck.ts refuses one without it).
 */
export async function sendRoute<N extends RouteName>(page: Page, name: N, input: RouteInput<N>): Promise<APIResponse> {
  const { method, url, headers, body } = routeRequest(name, input);
  const origin: Record<string, string> = method === 'GET' ? {} : { origin: baseURL };
  return page.request.fetch(url, { method, headers: { ...origin, ...headers }, data: body });
}

/** Calls a route, expects it to answer OK, and gives its answer, typed by the route's contract. */
export async function callRoute<N extends RouteName>(page: Page, name: N, input: RouteInput<N>): Promise<RouteAnswer<N>> {
  const response = await sendRoute(page, name, input);
  // toBeOK adds the answer's body to the failure.
  await expect(response, `${name} answered ${response.status()}`).toBeOK();
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as RouteAnswer<N>;
}
