import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const SERVER_SHARES_DOMAIN_ONLY = {
  group: ['**/src/*', '!**/src/domain', '!**/src/domain/*', '!**/src/locales', '!**/src/locales/*.json'],
  message: 'The server imports only src/domain, and the message catalogues (src/locales) to word what people read.',
};
// RTK Query: one base api whose TAG_TYPES list every tag (src/services/api.ts); each feature injects its endpoints
// once, in <feature>/<feature>Api.ts; endpoints two features use live in src/services.
const injects = "CallExpression[callee.property.name='injectEndpoints']";
const ONE_API_FILE = [
  {
    selector: "CallExpression[callee.property.name='enhanceEndpoints']",
    message: 'Every tag type is declared in TAG_TYPES (src/services/api.ts).',
  },
  {
    selector: `Program > :has(${injects}) ~ :has(${injects}), ${injects} > MemberExpression > ${injects}`,
    message: "One injectEndpoints per file: a feature's endpoints are one list.",
  },
];
const featureApiFiles = readdirSync(new URL('./src/features', import.meta.url)).map(
  (feature) => `src/features/${feature}/${feature}Api.ts`,
);

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'data/',
      'test-results/',
      'playwright-report/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // import(), and re-exports, cross the same boundaries as import statements.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'boundaries/elements': [
        // The typed hooks are the one piece of src/app below it that others use (redux-templates' layout).
        { type: 'hooks', pattern: 'src/app/hooks.ts', mode: 'full' },
        { type: 'domain', pattern: 'src/domain' },
        { type: 'services', pattern: 'src/services' },
        { type: 'components', pattern: 'src/components' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'src/app' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Typed hooks only (src/app/hooks.ts).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use useAppSelector / useAppDispatch from src/app/hooks.',
            },
          ],
        },
      ],
      // Imports flow one way: domain ← services ← components ← features ← app; no feature imports another, not even
      // with import(): what two features use lives below them.
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'domain', allow: ['domain'] },
            { from: 'services', allow: ['domain', 'services'] },
            { from: 'components', allow: ['domain', 'services', 'components', 'hooks'] },
            {
              from: 'feature',
              allow: ['domain', 'services', 'components', 'hooks', ['feature', { feature: '${from.feature}' }]],
            },
            { from: 'hooks', allow: ['app'] },
            { from: 'app', allow: ['domain', 'services', 'components', 'feature', 'app', 'hooks'] },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_API_FILE] },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: featureApiFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ONE_API_FILE,
        { selector: injects, message: "A feature's endpoints are injected in its one <feature>/<feature>Api.ts." },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts'] } },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // First match wins: a route or a repository is its own element, any other file of a module is the module's.
      'boundaries/elements': [
        { type: 'routes', pattern: 'server/modules/*/*.routes.ts', mode: 'full' },
        { type: 'repository', pattern: 'server/modules/*/*.repository.ts', mode: 'full' },
        { type: 'module', pattern: 'server/modules/*/*.ts', mode: 'full' },
        { type: 'plugins', pattern: 'server/plugins/**/*.ts', mode: 'full' },
        { type: 'db', pattern: 'server/db/**/*.ts', mode: 'full' },
        { type: 'lib', pattern: 'server/lib/**/*.ts', mode: 'full' },
      ],
    },
    rules: {
      // Layers: lib ← db ← plugins, modules ← app.ts, which wires plugins and modules together (README, Layout).
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: 'lib',
              disallow: ['db', 'plugins', 'module', 'routes', 'repository'],
              message: 'server/lib is the bottom layer: it imports no db, plugins or modules.',
            },
            {
              from: 'db',
              disallow: ['plugins', 'module', 'routes', 'repository'],
              message: 'server/db imports no plugins or modules.',
            },
            {
              from: 'plugins',
              disallow: ['module', 'routes', 'repository'],
              message: 'Plugins import no module: what both need lives in db or lib (db/signedIn.ts for the caller).',
            },
            {
              from: ['module', 'routes', 'repository'],
              disallow: ['plugins'],
              message: 'Modules import no plugin: what both need lives in db or lib (db/signedIn.ts for the caller).',
            },
            {
              from: ['routes'],
              disallow: ['repository'],
              message: 'A route calls a service; only services and other repositories import a repository.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // The server shares only the pure domain code of the SPA.
            SERVER_SHARES_DOMAIN_ONLY,
            {
              group: ['**/eventLog/eventLog.repository'],
              importNames: ['appendEvents'],
              message: 'Events are appended through recordEvents (server/modules/eventLog/eventLog.ts) only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/eventLog/eventLog.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_SHARES_DOMAIN_ONLY] }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
