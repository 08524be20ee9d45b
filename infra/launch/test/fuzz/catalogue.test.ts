import { describe, expect, it } from '@jest/globals';
import { PUBLIC_ROUTES, routeKey, type HttpMethod } from '@printpool/contracts';
import { ROUTES } from './catalogue.js';

describe('the fuzz catalogue', () => {
  // A route the catalogue lacks is never fuzzed: the suite generates its requests from the entries alone.
  it('has one entry for every route a browser, Intuit or anyone calls through the gateway, and none for another', () => {
    const catalogued = ROUTES.map((route) => routeKey({ method: route.method.toLowerCase() as HttpMethod, path: route.path }));
    const callable = PUBLIC_ROUTES.map(routeKey);
    expect(catalogued.filter((key, index) => catalogued.indexOf(key) !== index)).toEqual([]);
    expect({ missing: callable.filter((key) => !catalogued.includes(key)), unknown: catalogued.filter((key) => !callable.includes(key)) }).toEqual({
      missing: [],
      unknown: [],
    });
  });
});
