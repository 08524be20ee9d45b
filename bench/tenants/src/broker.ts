import { performance } from 'node:perf_hooks';
import { routeRequest, type RouteAnswer, type RouteInput, type RouteName } from '@printpool/contracts';

/** An answer of the product with how long it took, its body parsed when it is JSON. */
export interface Answer<T> {
  status: number;
  body: T;
  ms: number;
}

/**
 * One broker of the deployment: a user of a tenant of their own, signed in through
 * POST /api/dev-login (AUTH_DEV_LOGIN) as the e2e suite signs in (e2e/support/session.ts), calling
 * routes by the names their contracts give them (libs/contracts routeCall.ts) with the session
 * cookie, and a write with the app's origin, as the browser's own calls do (e2e/support/api.ts).
 */
export class Broker {
  private constructor(
    readonly email: string,
    readonly origin: string,
    private readonly cookie: string,
  ) {}

  static async signIn(origin: string, email: string): Promise<Broker> {
    const { url, headers, body } = routeRequest('post /api/dev-login', { body: { email } });
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { ...headers, origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`dev-login of ${email} answered ${response.status}: ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((each) => each.split(';')[0])
      .join('; ');
    return new Broker(email, origin, cookie);
  }

  /** Calls a route and answers whatever it answered, timed from the request to the whole body. */
  async send<N extends RouteName>(name: N, input: RouteInput<N>): Promise<Answer<RouteAnswer<N>>> {
    const { method, url, headers, body } = routeRequest(name, input);
    const started = performance.now();
    const response = await fetch(`${this.origin}${url}`, {
      method,
      headers: {
        ...headers,
        cookie: this.cookie,
        accept: 'application/json',
        ...(method === 'GET' ? {} : { origin: this.origin }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    const ms = performance.now() - started;
    const json = response.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as RouteAnswer<N>) : (undefined as RouteAnswer<N>);
    return { status: response.status, body: json, ms };
  }

  /** Calls a route that must succeed and answers its body. */
  async call<N extends RouteName>(name: N, input: RouteInput<N>): Promise<RouteAnswer<N>> {
    const answer = await this.send(name, input);
    if (answer.status >= 300) throw new Error(`${name} answered ${answer.status} for ${this.email}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** GET of a path the caller built (the OAuth callback), with the session, not following redirects. */
  visit(url: string): Promise<Response> {
    return fetch(url, { headers: { cookie: this.cookie }, redirect: 'manual' });
  }
}
