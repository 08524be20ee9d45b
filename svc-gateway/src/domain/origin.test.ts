import { isAllowedOrigin } from './origin.js';

describe('isAllowedOrigin', () => {
  const allowed = ['http://127.0.0.1:3000', 'https://printpool.example', 'http://app.test'];

  it('accepts an allowed Origin, whatever its case or default port', () => {
    expect(isAllowedOrigin({ origin: 'https://printpool.example' }, allowed)).toBe(true);
    expect(isAllowedOrigin({ origin: 'HTTPS://PrintPool.example:443' }, allowed)).toBe(true);
    expect(isAllowedOrigin({ origin: 'http://127.0.0.1:3000' }, allowed)).toBe(true);
  });

  it('refuses another site, another scheme or another port', () => {
    expect(isAllowedOrigin({ origin: 'https://evil.example' }, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'http://printpool.example' }, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'http://127.0.0.1:3001' }, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'https://printpool.example.evil.example' }, allowed)).toBe(false);
  });

  it('uses the Referer only when there is no Origin', () => {
    expect(isAllowedOrigin({ referer: 'http://app.test/settings?tab=1' }, allowed)).toBe(true);
    expect(isAllowedOrigin({ origin: 'https://evil.example', referer: 'http://app.test/' }, allowed)).toBe(false);
  });

  it('refuses a request naming no origin at all, or the opaque "null" origin', () => {
    expect(isAllowedOrigin({}, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'null' }, allowed)).toBe(false);
    expect(isAllowedOrigin({ origin: 'not a url' }, allowed)).toBe(false);
  });
});
