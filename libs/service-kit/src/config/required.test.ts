import { describe, expect, it } from '@jest/globals';
import { ConfigurationError, requireVariables } from './required.js';

describe('required variables', () => {
  it('names every one missing at once, empty counting as missing', () => {
    expect(() => requireVariables({ A: 'x', B: '' }, ['A', 'B', 'C'], 'svc-x')).toThrow(
      new ConfigurationError('svc-x needs B and C: set them in the environment (docs/configuration.md)'),
    );
  });

  it('takes either of two alternatives, and names both when neither is set', () => {
    expect(() => requireVariables({ QBO_TOKEN_KEYS: 'k' }, ['QBO_TOKEN_KEY|QBO_TOKEN_KEYS'], 'svc-sync')).not.toThrow();
    expect(() => requireVariables({ QBO_TOKEN_KEY: 'k' }, ['QBO_TOKEN_KEY|QBO_TOKEN_KEYS'], 'svc-sync')).not.toThrow();
    expect(() => requireVariables({}, ['QBO_TOKEN_KEY|QBO_TOKEN_KEYS'], 'svc-sync')).toThrow(
      'svc-sync needs QBO_TOKEN_KEY or QBO_TOKEN_KEYS: set it in the environment (docs/configuration.md)',
    );
  });
});
