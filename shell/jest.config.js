import { jestPreset } from '../jest.preset.js';

const preset = jestPreset({ environment: 'jsdom' });

export default {
  ...preset,
  // jsdom plus Node's fetch and TextEncoder, which react-router and the API client need.
  testEnvironment: '../libs/platform/test-support/jsdomFetchEnvironment.js',
  // @ant-design/icons' CommonJS build requires an ES module of @ant-design/colors; use its CommonJS twin.
  moduleNameMapper: { ...preset.moduleNameMapper, '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1' },
};
