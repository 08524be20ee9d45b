// Shared Jest setup: TypeScript through swc as native ESM, workspace packages read from source.
export function jestPreset({ environment = 'node' } = {}) {
  return {
    testEnvironment: environment,
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
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    testEnvironmentOptions: {
      customExportConditions: environment === 'jsdom' ? ['@printpool/source', 'browser'] : ['@printpool/source', 'node', 'node-addons'],
    },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    testTimeout: 30000,
  };
}
