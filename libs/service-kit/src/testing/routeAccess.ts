import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IF_MATCH_HEADER, leastRole, roleRefusal, routeKey, type HttpMethod, type MemberRole, type RouteContract } from '@printpool/contracts';

/** Who calls: a company and the caller's role in it, as the gateway names them in the internal token. */
export interface CallingMember {
  tenantId: string;
  role: MemberRole;
}

export interface MemberAnswer {
  status: number;
  /** The answer as text, whatever its type (JSON, CSV, PDF bytes read as text). */
  text: string;
}

/** A company given records, as the routes reach them. */
export interface SeededCompany {
  tenantId: string;
  /**
   * The path of each route with path parameters to one of the company's records, by routeKey
   * (`get /api/purchase-orders/:id` → `/api/purchase-orders/12`); another route may be given a
   * path too (a query it needs).
   */
  paths: Readonly<Record<string, string>>;
  /** A valid body, by routeKey, for a route that would otherwise refuse the input before it looks the record up. */
  bodies?: Readonly<Record<string, unknown>>;
  /**
   * Texts the company's records show in answers, one for each kind its lists show (a PO number, a
   * customer's name): never in another company's answers, each in one of the company's own lists.
   */
  markers: readonly string[];
}

export interface RouteAccessHarness {
  /** Calls the service as the gateway does for `member`, with the route's own request `headers`. */
  call(member: CallingMember, method: HttpMethod, path: string, body?: unknown, headers?: Readonly<Record<string, string>>): Promise<MemberAnswer>;
  /** Gives a company a record of every kind the routes reach. */
  seed(): Promise<SeededCompany>;
  close(): Promise<void>;
}

/** The answer's JSON, or its text when it is not JSON. */
function parsed(answer: MemberAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return answer.text;
  }
}

/** The company's markers an answer shows. */
const markersIn = (answer: MemberAnswer, company: SeededCompany) => company.markers.filter((marker) => answer.text.includes(marker));

const isStream = (route: RouteContract) => Object.values(route.responses).some((response) => response.contentType === 'text/event-stream');

/**
 * What every browser route of a service promises about companies and roles (docs/product.md §6):
 * a viewer is refused every change with 403, staff every owner's action; a member of another
 * company gets 404 for a record that is not theirs and sees none of its records in a list or anywhere else. Driven
 * by the route contracts, so a new route is held to it without a test of its own; a route with
 * path parameters fails here until `seed` gives it a path.
 */
export function describeRouteAccess(service: string, routes: readonly RouteContract[], start: () => Promise<RouteAccessHarness>): void {
  const browserRoutes = routes.filter((route) => route.caller === 'browser');

  describe(`${service}: every browser route, by role and by company`, () => {
    // A company of its own: it has no records, so every list it is shown is empty.
    const outsider: CallingMember = { tenantId: randomUUID(), role: 'owner' };
    let harness: RouteAccessHarness;
    let company: SeededCompany;
    const member = (role: MemberRole): CallingMember => ({ tenantId: company.tenantId, role });

    beforeAll(async () => {
      harness = await start();
      company = await harness.seed();
    }, 60_000);
    afterAll(() => harness?.close());

    const pathOf = (route: RouteContract): string => {
      const path = company.paths[routeKey(route)];
      if (path) return path;
      if (route.path.includes(':')) throw new Error(`seed() gives no path for ${routeKey(route)}: name one of the company's records`);
      return route.path;
    };
    // A versioned write names some version, so each answer here is the role's or the record's, not the missing header's.
    const headersOf = (route: RouteContract): Record<string, string> =>
      route.headers && IF_MATCH_HEADER in route.headers.shape ? { [IF_MATCH_HEADER]: '"unread"' } : {};
    const callAs = (member: CallingMember, route: RouteContract) =>
      harness.call(member, route.method, pathOf(route), company.bodies?.[routeKey(route)], headersOf(route));

    /** One test per route of `selected`, named after it; none when there are no such routes. */
    const eachRoute = (title: string, selected: RouteContract[], test: (route: RouteContract) => Promise<void>) => {
      if (selected.length > 0) it.each(selected.map((route) => [routeKey(route), route] as const))(title, (_key, route) => test(route));
    };

    eachRoute(
      'refuses a viewer %s with 403',
      browserRoutes.filter((route) => leastRole(route) !== 'viewer'),
      async (route) => {
        const answer = await callAs(member('viewer'), route);
        expect({ status: answer.status, body: parsed(answer) }).toEqual({ status: 403, body: { message: roleRefusal(leastRole(route)), code: 'FORBIDDEN' } });
      },
    );

    eachRoute(
      'refuses staff %s with 403',
      browserRoutes.filter((route) => leastRole(route) === 'owner'),
      async (route) => {
        const answer = await callAs(member('staff'), route);
        expect({ status: answer.status, body: parsed(answer) }).toEqual({ status: 403, body: { message: roleRefusal('owner'), code: 'FORBIDDEN' } });
      },
    );

    const onRecords = browserRoutes.filter((route) => route.path.includes(':'));
    eachRoute(
      "shows the company's own member %s",
      onRecords.filter((route) => route.method === 'get'),
      async (route) => {
        expect((await callAs(member('owner'), route)).status).toBe(200);
      },
    );

    eachRoute('answers a member of another company 404 on %s', onRecords, async (route) => {
      const answer = await callAs(outsider, route);
      // The record's own 404, not one for a path no route serves.
      expect({ status: answer.status, unrouted: answer.text.includes('No route for') }).toEqual({ status: 404, unrouted: false });
      expect(markersIn(answer, company)).toEqual([]);
    });

    const lists = browserRoutes.filter((route) => route.method === 'get' && !route.path.includes(':') && !isStream(route));
    eachRoute("shows a member of another company none of the company's records in %s", lists, async (route) => {
      const answer = await callAs(outsider, route);
      expect(answer.status).toBeLessThan(500);
      expect(markersIn(answer, company)).toEqual([]);
    });

    if (lists.length > 0) {
      it("shows the company's own member each kind of its records in its lists", async () => {
        const answers = await Promise.all(lists.map((route) => callAs(member('owner'), route)));
        expect(company.markers.filter((marker) => !answers.some((answer) => answer.text.includes(marker)))).toEqual([]);
      });
    }
  });
}
