/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const tsJest: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': [
    'ts-jest',
    {
      isolatedModules: true,
      tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node', allowJs: true, rootDir: '<rootDir>' },
    },
  ],
};
// ESM-only dependencies that jest must transform to CommonJS.
const transformIgnorePatterns = ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise|jose)/)'];

const base = { transform: tsJest, transformIgnorePatterns, rootDir: '.' };

const config: Config = {
  projects: [
    { ...base, displayName: 'domain', testEnvironment: 'node', testMatch: ['<rootDir>/test/domain/**/*.test.ts'] },
    {
      ...base,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      globalSetup: '<rootDir>/test/server/globalSetup.ts',
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
