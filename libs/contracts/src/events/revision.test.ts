import { describe, expect, it } from '@jest/globals';
import { eventContractProblem } from './eventSchemas.js';
import { createEvent } from './envelope.js';
import { INVENTORY_EVENTS } from './inventory.js';
import { withRevision, withRevisionJson } from './revision.js';

describe("an event's revision", () => {
  it('is added to the JSON as written, as parsing and adding it would', () => {
    for (const data of [{}, { itemQbId: '7', virtualInventory: 4200.5 }, { lines: [{ a: 1 }], note: 'a "quoted" } brace' }])
      expect(JSON.parse(withRevisionJson(JSON.stringify(data), 42))).toEqual(withRevision(data, 42));
  });

  it('is named by every schema as published, and refused where it is not a positive whole number', () => {
    const data = { itemQbId: '7', virtualInventory: 3 };
    expect(eventContractProblem(createEvent(INVENTORY_EVENTS.itemLevelChanged, 't', withRevision(data, 9)))).toBeNull();
    expect(eventContractProblem(createEvent(INVENTORY_EVENTS.itemLevelChanged, 't', { ...data, revision: 0 }))).toMatch(/at 'revision'/);
    expect(eventContractProblem(createEvent(INVENTORY_EVENTS.itemLevelChanged, 't', { ...data, revision: 'late' }))).toMatch(/at 'revision'/);
  });
});
