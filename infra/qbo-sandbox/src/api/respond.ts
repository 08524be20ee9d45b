import type { Context } from 'koa';
import type { Logger } from 'pino';
import { qboResponseTime, type Clock } from '../clock.js';
import { faultBody, faults, QboFault } from './faults.js';

export function sendJson(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'application/json;charset=UTF-8';
  ctx.body = body;
}

/** Turns anything a v3 handler throws into Intuit's Fault envelope. */
export function faultHandler(clock: Clock, logger: Logger) {
  return async (ctx: Context, next: () => Promise<unknown>): Promise<void> => {
    try {
      await next();
    } catch (error) {
      let fault: QboFault;
      if (error instanceof QboFault) {
        fault = error;
      } else if (typeof (error as { status?: unknown }).status === 'number' && (error as { status: number }).status < 500) {
        fault = faults.malformedRequest((error as Error).message);
      } else {
        logger.error({ err: error, path: ctx.path }, 'sandbox request failed');
        fault = faults.system(500);
      }
      sendJson(ctx, fault.status, faultBody(fault, qboResponseTime(clock.now())));
    }
  };
}
