import request from 'supertest';
import { startGateway } from './support/gateway.js';

describe("the gateway's /metrics, on the one process the internet reaches", () => {
  it('answers a caller on this host, and 404 to one the proxy says is elsewhere', async () => {
    const gateway = await startGateway({ trustProxy: true });
    try {
      const local = await request(gateway.callback).get('/metrics').expect(200);
      expect(local.text).toContain('http_request_duration_seconds');
      await request(gateway.callback).get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(404);
    } finally {
      await gateway.close();
    }
  });

  it('answers only the bearer of METRICS_TOKEN when one is set', async () => {
    const gateway = await startGateway({ metricsToken: 'scrape-secret-0123456789' });
    try {
      await request(gateway.callback).get('/metrics').expect(404);
      await request(gateway.callback).get('/metrics').set('Authorization', 'Bearer wrong').expect(404);
      await request(gateway.callback).get('/metrics').set('Authorization', 'Bearer scrape-secret-0123456789').expect(200);
    } finally {
      await gateway.close();
    }
  });
});
