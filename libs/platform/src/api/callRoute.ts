import { routeRequest, type RouteAnswer, type RouteInput, type RouteName } from '@printpool/contracts';
import { apiRequest } from './apiRequest.js';

/**
 * Calls a route by its contract's name (libs/contracts routeCall.ts): the input is checked
 * against the schemas the service parses, and the answer typed by the one it answers with. A
 * failure throws the ApiError that apiRequest read from the server's error body.
 */
export async function callRoute<N extends RouteName>(name: N, input: RouteInput<N>): Promise<RouteAnswer<N>> {
  const { method, url, body, headers } = routeRequest(name, input);
  const response = await apiRequest(method, url, body, headers);
  // A route that answers with no body (204, or a 200 a peer sends empty) has nothing to parse:
  // the change it made stands, and must not read as a failure.
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as RouteAnswer<N>;
}
