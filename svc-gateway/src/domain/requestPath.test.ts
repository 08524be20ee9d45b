import { pathProblem } from './requestPath.js';

describe('a request path in normal form', () => {
  it.each(['/', '/api/items', '/api/items/', '/api/sales-orders/12/pdf', '/api/items?search=a%2Fb', '/assets/main.4f2a.js', '/api/customers/J%C3%BCrgen'])(
    'accepts %s',
    (path) => {
      expect(pathProblem(path.split('?')[0]!)).toBeNull();
    },
  );

  it.each([
    ['/api/email-logs/..\\internal\\notifications\\shipment', 'a backslash'],
    ['/api/sales-orders/..\\..\\api\\inventory\\reconcile', 'a backslash'],
    ['/api/email-logs/%5c..%5cinternal', 'an encoded separator, dot or NUL'],
    ['/api/email-logs/..%2finternal%2fnotifications', 'an encoded separator, dot or NUL'],
    ['/api/email-logs/%2E%2E/internal', 'an encoded separator, dot or NUL'],
    ['/api/items%00', 'an encoded separator, dot or NUL'],
    ['/api/items/\u0000', 'a control character'],
    ['/api/items/%zz', 'a malformed percent-encoding'],
    ['/api/email-logs/../internal/notifications/shipment', 'a dot segment'],
    ['/api/items/./1', 'a dot segment'],
    ['/api//internal/x', 'an empty segment'],
  ])('refuses %s: it has %s', (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
  });
});
