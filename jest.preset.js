// Shared Jest setup: TypeScript through swc as native ESM, workspace packages read from source.
const fromRoot = (path) => new URL(path, import.meta.url).pathname;

/** Browser tests: jsdom plus Node's fetch, so components are tested against a real local HTTP server. */
const browser = {
  testEnvironment: fromRoot('./libs/platform/test-support/jsdomFetchEnvironment.js'),
  setupFiles: [fromRoot('./libs/platform/test-support/stillResizeObserver.js')],
  // antd's icons load their ES build under the browser conditions, which imports ES files of
  // @ant-design/colors that Jest cannot run as modules; their CommonJS twins behave the same.
  moduleNameMapper: {
    '^@ant-design/icons$': fromRoot('./node_modules/@ant-design/icons/lib/index.js'),
    '^@ant-design/icons/es/(.*)$': fromRoot('./node_modules/@ant-design/icons/lib/$1'),
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    // antd's stylesheet is the build's (libs/platform/build/antdStyles.js); jsdom lays nothing out.
    '^antd/dist/antd\\.css': fromRoot('./libs/platform/test-support/noStyles.js'),
  },
};

export function jestPreset({ environment = 'node' } = {}) {
  const jsdom = environment === 'jsdom';
  return {
    testEnvironment: jsdom ? browser.testEnvironment : environment,
    setupFiles: jsdom ? browser.setupFiles : [],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true, decorators: false },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2023',
          },
        },
      ],
    },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', ...(jsdom ? browser.moduleNameMapper : {}) },
    testEnvironmentOptions: {
      customExportConditions: jsdom ? ['@printpool/source', 'browser'] : ['@printpool/source', 'node', 'node-addons'],
    },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    // A bound that catches a test that hangs, never one that is slow: antd under jsdom takes up to
    // 20 s a test on this 2-core machine when other work runs beside it (npm test runs two
    // packages' suites side by side), and a test's own waits (findBy, waitFor) decide what it checks.
    testTimeout: jsdom ? 120_000 : 30_000,
  };
}
