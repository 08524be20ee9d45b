import request from 'supertest';
import { createServiceApp } from './app.js';
import { createLogger } from '../logger.js';

const logger = createLogger('metrics-test', 'silent');

function serviceWith(env: Record<string, string | undefined>) {
  const before = process.env.METRICS_TOKEN;
  process.env.METRICS_TOKEN = env.METRICS_TOKEN;
  if (env.METRICS_TOKEN === undefined) delete process.env.METRICS_TOKEN;
  try {
    return createServiceApp({ name: 'svc-metrics', logger }).callback();
  } finally {
    if (before === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = before;
  }
}

describe("a service's /metrics", () => {
  it('answers only the bearer of METRICS_TOKEN when one is set, as the gateway does', async () => {
    const service = serviceWith({ METRICS_TOKEN: 'scrape-secret-0123456789' });
    await request(service).get('/metrics').expect(404);
    await request(service).get('/metrics').set('Authorization', 'Bearer scrape-secret-01234567').expect(404);
    const scraped = await request(service).get('/metrics').set('Authorization', 'Bearer scrape-secret-0123456789').expect(200);
    expect(scraped.text).toContain('http_request_duration_seconds');
    expect(scraped.text).toContain('events_dead_lettered_total');
  });

  it('answers whoever reaches the service when no token is set: only the cluster does', async () => {
    await request(serviceWith({})).get('/metrics').expect(200);
  });
});
