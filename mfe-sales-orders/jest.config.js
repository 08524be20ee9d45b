import { jestPreset } from '../jest.preset.js';

const preset = jestPreset({ environment: 'jsdom' });

export default {
  ...preset,
  // jsdom plus Node's fetch, so pages are tested against a real local HTTP server.
  testEnvironment: '../libs/platform/test-support/jsdomFetchEnvironment.js',
  // @ant-design/icons' CommonJS build requires an ES module of @ant-design/colors; use its CommonJS twin.
  moduleNameMapper: { ...preset.moduleNameMapper, '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1' },
};
