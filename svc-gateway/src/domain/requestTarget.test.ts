import { isServedHost, requestTargetProblem } from './requestTarget.js';

describe('a request target', () => {
  it.each(['/', '/api/items?search=http://x', '/api/quickbooks/callback?code=1&realmId=2'])('accepts the origin form %s', (target) => {
    expect(requestTargetProblem(target)).toBeNull();
  });

  it.each([
    ['http://127.0.0.1:9/api/items', 'a host of its own (absolute form)'],
    ['HTTPS://evil.test/api/quickbooks/webhook', 'a host of its own (absolute form)'],
    ['//evil.test/api/items', 'a host of its own (//host)'],
    ['*', 'no leading /'],
    ['evil.test:443', 'a host of its own (absolute form)'],
  ])('refuses %s: it has %s', (target, problem) => {
    expect(requestTargetProblem(target)).toBe(problem);
  });
});

describe('a served host', () => {
  it.each(['printpool.example', 'PRINTPOOL.example:8443', 'localhost', 'tenant.localhost:3000', '127.0.0.1:3000', '10.0.0.7', '[::1]:3000'])(
    'serves %s',
    (host) => {
      expect(isServedHost(host, ['printpool.example'])).toBe(true);
    },
  );

  it.each(['attacker.test', 'printpool.example.attacker.test', 'user@printpool.example', 'printpool.example/path', '0x7f.1', ''])('refuses %s', (host) => {
    expect(isServedHost(host, ['printpool.example'])).toBe(false);
  });
});
