// ESLint (flat config). `npm run lint`; `npm test` runs it first (pretest).
// The point of the import rules: the dependency graph stays a tree. No module cycles (import-x/no-cycle), and
// features talk to each other, and the app to them, only through a feature's public `index.ts`
// (import-x/no-restricted-paths). Lower layers (components, lib, types) never import features or the app.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every feature's public entry point, as exceptions of a zone whose `from` is src/features. */
const publicEntries = (but) => features.filter((name) => name !== but).map((name) => `./${name}/index.ts`);

const featureZones = [
  // A feature reaches another feature only through that feature's index.ts (its own files are free).
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...publicEntries(name)],
    message: `Import another feature through its index.ts ('@/features/<name>'), not its internals.`,
  })),
  // So does the app (routes, layout).
  {
    target: './src/app',
    from: './src/features',
    except: publicEntries(null),
    message: `Import a feature through its index.ts ('@/features/<name>'), not its internals.`,
  },
];

// Features never import the app; shared layers import neither. Tests may import the app (they mount its
// providers, as src/test/ does), so `noAppInFeatures` applies to non-test files only (see the override below).
const noAppInFeatures = { target: './src/features', from: './src/app', message: 'Features must not depend on the app layer.' };
const sharedStaysShared = {
  target: ['./src/components', './src/lib', './src/types'],
  from: ['./src/features', './src/app'],
  message: 'Shared code (components, lib, types) must not depend on features or the app.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/types/*.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...featureZones, noAppInFeatures, sharedStaysShared] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...featureZones, sharedStaysShared] }],
    },
  },
  {
    // Node-side files: the config itself, the generator script, Playwright and the Vite config.
    files: ['eslint.config.js', 'scripts/**', 'e2e/**', 'vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
