/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const tsJest: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': [
    'ts-jest',
    {
      tsconfig: {
        jsx: 'react-jsx',
        module: 'commonjs',
        moduleResolution: 'node10',
        ignoreDeprecations: '6.0',
        allowJs: true,
        rootDir: '<rootDir>',
      },
    },
  ],
};
// ESM-only dependencies that jest must transform to CommonJS.
const transformIgnorePatterns = [
  '/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise|jose|content-disposition|@formatjs)/)',
];

// MUI renders and argon2 hashing are slow on a loaded 2-core machine; a timeout is not what these tests check. CI
// machines are shared and busier still: there a test gets a minute before it counts as hung.
const testTimeout = process.env.CI ? 60_000 : 20_000;
const base = { transform: tsJest, transformIgnorePatterns, rootDir: '.', testTimeout };

const config: Config = {
  testTimeout,
  // Both cores: jest's default (cores − 1) ran the suites one at a time here, past 10 minutes; the suites pass with
  // both cores busy, and the runner's own process does little.
  maxWorkers: 2,
  projects: [
    { ...base, displayName: 'domain', testEnvironment: 'node', testMatch: ['<rootDir>/test/domain/**/*.test.ts'] },
    {
      ...base,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      globalSetup: '<rootDir>/test/server/globalSetup.ts',
      // cookie 2 is ESM-only and is both require()d (light-my-request) and import()ed (@fastify/cookie), which jest's
      // module system cannot do with one file; cookie 1.1 has the same API as CommonJS.
      moduleNameMapper: { '^cookie$': 'cookie-cjs' },
      globalTeardown: '<rootDir>/test/server/globalTeardown.ts',
    },
    {
      ...base,
      displayName: 'ui',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/ui/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test/ui/setup.ts'],
    },
  ],
};

export default config;
