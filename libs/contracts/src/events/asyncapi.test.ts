import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { inventoryAsyncApi, INVENTORY_EVENT_EXAMPLES } from './asyncapi.js';
import { inventoryAsyncApiYaml } from './asyncapiFile.js';
import { createEvent } from './envelope.js';
import { INVENTORY_EVENT_SCHEMAS, INVENTORY_EVENTS } from './inventory.js';
import { withRevision } from './revision.js';
import { asyncApiMessages, messageValidators } from '../testing/asyncapiValidators.js';

describe('the AsyncAPI document of inventory events', () => {
  const document = inventoryAsyncApi();

  it('is the committed asyncapi.yaml, so the document never drifts from the schemas', () => {
    expect(readFileSync(new URL('../../asyncapi.yaml', import.meta.url), 'utf8')).toBe(inventoryAsyncApiYaml());
  });

  it("is a valid AsyncAPI 3 document by Redocly's recommended rules", async () => {
    // Subscribers sign in to the NATS server as its operators set it up (the credentials in
    // NATS_URL): no operation has a security scheme of its own to name.
    const config = await createConfig({ extends: ['recommended'], rules: { 'security-defined': 'off' } });
    const problems = await lintFromString({ source: inventoryAsyncApiYaml(), absoluteRef: 'asyncapi.yaml', config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('has a channel and a message for every inventory event, and its examples are valid messages', () => {
    const validators = messageValidators(document);
    expect([...validators.keys()].sort()).toEqual(Object.values(INVENTORY_EVENTS).sort());
    for (const message of asyncApiMessages(document))
      for (const example of message.examples ?? []) expect([message.name, validators.get(message.name)!(example.payload)]).toEqual([message.name, true]);
    expect(Object.keys(INVENTORY_EVENT_EXAMPLES).length).toBeGreaterThan(0);
  });

  it('accepts exactly the envelopes the zod schemas accept', () => {
    const validators = messageValidators(document);
    for (const [type, data] of Object.entries(INVENTORY_EVENT_EXAMPLES)) {
      const written = INVENTORY_EVENT_SCHEMAS[type as keyof typeof INVENTORY_EVENT_SCHEMAS].parse(data);
      const event = createEvent(type, 'tenant-1', withRevision(written, 7));
      const validate = validators.get(type)!;
      expect(validate(JSON.parse(JSON.stringify(event)))).toBe(true);
      // Published, every event carries its revision (revision.ts).
      expect(validate({ ...event, data: written })).toBe(false);
      const [firstField] = Object.keys(event.data as object);
      expect(validate({ ...event, data: { ...(event.data as object), [firstField!]: { nested: 'wrong type' } } })).toBe(false);
      expect(validate({ ...event, type: 'inventory.something.else' })).toBe(false);
      expect(validate({ ...event, version: 2 })).toBe(false);
    }
  });
});
