import { describe, expect, it } from '@jest/globals';
import { ConfigurationError } from './required.js';
import { defineSettings } from './settings.js';

const settings = defineSettings(
  { part: 'processes', usedBy: 'a test' },
  {
    WAIT_MS: { default: 1_500, description: 'a wait' },
    GREETING: { default: 'hello', description: 'a text' },
    VERBOSE: { default: false, description: 'a switch' },
    ADDRESS: { description: 'a value the operator must give' },
  },
);

describe('declared settings', () => {
  it('read the declared default when a variable is unset or empty, and the value when set', () => {
    expect([settings.number({}, 'WAIT_MS'), settings.number({ WAIT_MS: '' }, 'WAIT_MS'), settings.number({ WAIT_MS: '20' }, 'WAIT_MS')]).toEqual([
      1_500, 1_500, 20,
    ]);
    expect([settings.string({}, 'GREETING'), settings.boolean({ VERBOSE: 'true' }, 'VERBOSE'), settings.defaultOf('WAIT_MS')]).toEqual(['hello', true, 1_500]);
    expect([settings.optional({}, 'ADDRESS'), settings.optional({ ADDRESS: 'x' }, 'ADDRESS')]).toEqual([undefined, 'x']);
  });

  it('stop a process that lacks a variable without a default, naming it', () => {
    expect(() => settings.string({}, 'ADDRESS')).toThrow(new ConfigurationError('Missing required environment variable ADDRESS', ['ADDRESS']));
    expect(() => settings.number({ WAIT_MS: 'soon' }, 'WAIT_MS')).toThrow("Environment variable WAIT_MS must be a number, got 'soon'");
  });
});
