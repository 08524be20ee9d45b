import { jestPreset } from '../../jest.preset.js';

/** `npm run test:faults`: the fault suite alone, one scenario after another. */
export default { ...jestPreset(), testMatch: ['<rootDir>/test/faults/**/*.test.ts'], maxWorkers: 1, forceExit: true };
