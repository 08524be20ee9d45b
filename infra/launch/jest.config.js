import { jestPreset } from '../../jest.preset.js';

// The fault suite (test/faults) runs on its own: `npm run test:faults` (jest.faults.config.js).
export default { ...jestPreset(), testPathIgnorePatterns: ['/node_modules/', '/test/faults/'] };
