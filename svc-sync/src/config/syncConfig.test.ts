import { describe, expect, it } from '@jest/globals';
import { loadSyncConfig, parseTokenKey } from './syncConfig.js';

const base = { QBO_CLIENT_ID: 'id', QBO_CLIENT_SECRET: 'secret', QBO_REDIRECT_URI: 'http://localhost/api/quickbooks/callback' };

describe('sync configuration', () => {
  it('accepts a key as hex or base64 and refuses other lengths', () => {
    const hex = 'ab'.repeat(32);
    expect(parseTokenKey(hex)).toHaveLength(32);
    expect(parseTokenKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));
    expect(() => parseTokenKey('abcd')).toThrow(/32 bytes/);
  });

  it('derives a key outside production and requires one in production', () => {
    expect(loadSyncConfig(base, 'internal').tokenKeys.map((key) => key.length)).toEqual([32]);
    expect(() => loadSyncConfig({ ...base, NODE_ENV: 'production' }, 'internal')).toThrow(/QBO_TOKEN_KEY/);
  });

  it('reads a key ring, current first, and refuses it beside a single key', () => {
    const [current, old] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    const ring = `${current.toString('hex')}, ${old.toString('base64')}`;
    expect(loadSyncConfig({ ...base, NODE_ENV: 'production', QBO_TOKEN_KEYS: ring }, 's').tokenKeys).toEqual([current, old]);
    expect(() => loadSyncConfig({ ...base, QBO_TOKEN_KEYS: ring, QBO_TOKEN_KEY: current.toString('hex') }, 's')).toThrow(/not both/);
    expect(() => loadSyncConfig({ ...base, QBO_TOKEN_KEYS: `${ring},abcd` }, 's')).toThrow(/32 bytes/);
  });

  it('reads the sandbox base URL and refuses an unknown environment', () => {
    expect(loadSyncConfig({ ...base, QBO_BASE_URL: 'http://localhost:4010/' }, 's').qbo.baseUrl).toBe('http://localhost:4010');
    expect(() => loadSyncConfig({ ...base, QBO_ENVIRONMENT: 'staging' }, 's')).toThrow(/QBO_ENVIRONMENT/);
  });

  it('catches up every 15 minutes unless told otherwise, and 0 turns it off', () => {
    expect(loadSyncConfig(base, 's').catchUpMinutes).toBe(15);
    expect(loadSyncConfig({ ...base, QBO_CATCH_UP_MINUTES: '0' }, 's').catchUpMinutes).toBe(0);
    expect(loadSyncConfig({ ...base, QBO_CATCH_UP_MINUTES: '5' }, 's').catchUpMinutes).toBe(5);
    expect(() => loadSyncConfig({ ...base, QBO_CATCH_UP_MINUTES: '-1' }, 's')).toThrow(/QBO_CATCH_UP_MINUTES/);
  });
});
