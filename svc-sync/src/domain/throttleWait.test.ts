import { resumeAfterThrottle } from './throttleWait.js';

const noJitter = () => 0;

describe('resumeAfterThrottle', () => {
  it("waits for QuickBooks' Retry-After when it gives one", () => {
    expect(resumeAfterThrottle(1_000_000, '7', 60_000, noJitter)).toBe(1_007_000);
  });

  it('waits for the start of the next minute otherwise', () => {
    expect(resumeAfterThrottle(125_000, null, 60_000, noJitter)).toBe(180_000);
    expect(resumeAfterThrottle(120_000, null, 60_000, noJitter)).toBe(180_000);
  });

  it('spreads the waiting requests over at most a second', () => {
    expect(resumeAfterThrottle(125_000, null, 60_000, () => 0.999)).toBe(180_999);
  });
});
