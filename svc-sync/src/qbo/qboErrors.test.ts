import { describe, expect, it } from '@jest/globals';
import { failureForStatus, parseQboErrorBody } from './qboErrors.js';

describe('parseQboErrorBody', () => {
  it('reads the Fault envelope', () => {
    const body = JSON.stringify({ Fault: { Error: [{ Message: 'Object Not Found', Detail: 'gone', code: '610' }], type: 'ValidationFault' }, time: 'x' });
    expect(parseQboErrorBody(body)).toEqual({ code: '610', message: 'Object Not Found', detail: 'gone' });
  });

  it("reads the expired token's lower-case fault", () => {
    const body = JSON.stringify({
      fault: {
        error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: 'Token expired: abc', code: '3200' }],
        type: 'AUTHENTICATION',
      },
    });
    expect(parseQboErrorBody(body)).toMatchObject({ code: '3200', detail: 'Token expired: abc' });
  });

  it('reads the XML throttling answer', () => {
    const body =
      '<?xml version="1.0"?><IntuitResponse xmlns="http://schema.intuit.com/finance/v3"><Fault type="SERVICE"><Error code="3001"><Message>message=ThrottleExceeded; errorCode=003001; statusCode=429</Message><Detail>The request limit was reached.</Detail></Error></Fault></IntuitResponse>';
    expect(parseQboErrorBody(body)).toEqual({
      code: '3001',
      message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
      detail: 'The request limit was reached.',
    });
  });

  it('keeps an excerpt of anything else', () => {
    expect(parseQboErrorBody('<html>Bad gateway</html>').message).toBe('<html>Bad gateway</html>');
    expect(parseQboErrorBody('{"error":"invalid_grant"}').code).toBe('invalid_grant');
    expect(parseQboErrorBody('').message).toBe('Empty response');
  });

  it('classifies statuses', () => {
    expect([429, 401, 403, 404, 400, 503].map(failureForStatus)).toEqual([
      'throttled',
      'authentication',
      'authorization',
      'not-found',
      'validation',
      'unavailable',
    ]);
  });
});
