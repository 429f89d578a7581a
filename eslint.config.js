// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import importX from 'eslint-plugin-import-x';
import regexpPlugin from 'eslint-plugin-regexp';
import projectRules from './eslint-rules/no-cycle.js';

// The boundaries the linter keeps (docs/decisions/019-boundaries.md).
// A feature (server/features/<name>/ or web/src/features/<name>/) uses another only through that
// feature's one public module, and only the features it declares here: dependencies run one way
// (on the server, a lower feature that must reach a higher one owns a port, passed in through
// server/app-deps.ts; on the web, a page that shows several features is composed in web/src/app).
// A feature not listed uses none.
const FEATURE_DOOR = 'public.ts';
const FEATURE_USES = {
  sessions: ['materials', 'notifications', 'users', 'webhooks'],
  bookings: ['sessions', 'notifications', 'webhooks'],
  payments: ['bookings'],
  reviews: ['bookings'],
  'my-data': ['bookings', 'materials', 'notifications', 'uploads'],
  users: ['uploads'],
};
const WEB_FEATURE_USES = {
  account: ['auth', 'uploads'],
  'api-keys': ['auth'],
  'audit-log': ['auth'],
  auth: ['uploads'],
  bookings: ['auth', 'reviews', 'sessions'],
  materials: ['auth', 'sessions'],
  notes: ['auth'],
  payments: ['bookings'],
  reviews: ['sessions'],
  sessions: ['auth'],
  'single-sign-on': ['auth'],
  users: ['auth'],
};
assertOneWay(FEATURE_USES);
assertOneWay(WEB_FEATURE_USES);
const featureZones = [
  ...doorZones('./server/features', 'FEATURE_USES', FEATURE_USES),
  ...doorZones('./web/src/features', 'WEB_FEATURE_USES', WEB_FEATURE_USES),
];

/** One zone per feature folder under `root`: other features only through their declared doors. */
function doorZones(root, usesName, usesOf) {
  const features = fs
    .readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => {
    const uses = usesOf[feature] ?? [];
    return {
      target: `${root}/${feature}`,
      from: root,
      except: [`./${feature}`, ...uses.map((other) => `./${other}/${FEATURE_DOOR}`)],
      message: `features/${feature} uses ${uses.length ? uses.map((other) => `features/${other}/${FEATURE_DOOR}`).join(', ') : 'no other feature'}; a new dependency is declared in ${usesName} (eslint.config.js), one way only.`,
    };
  });
}

/** Refuses a cycle among declared feature dependencies. */
function assertOneWay(uses) {
  const done = new Set();
  const visit = (feature, path) => {
    if (path.includes(feature)) throw new Error(`FEATURE_USES has a cycle: ${[...path, feature].join(' → ')}`);
    if (done.has(feature)) return;
    for (const other of uses[feature] ?? []) visit(other, [...path, feature]);
    done.add(feature);
  };
  for (const feature of Object.keys(uses)) visit(feature, []);
}

// What production runs: the server, the web app, the contract, migrations and the operator scripts.
const production = ['./server', './web', './contract', './migrations', './scripts/admin.ts', './scripts/backup.ts', './scripts/restore.ts', './scripts/backup-config.ts', './scripts/build-server.mjs'];
const boundaryZones = [
  { target: './server', from: './web', message: 'The server never imports the web app: code both use lives in contract/.' },
  { target: './migrations', from: ['./server', './web', './contract', './tests'], message: 'A migration is frozen code: it imports only kysely and other migrations.' },
  ...featureZones,
];
const productionZones = [{ target: production, from: './tests', message: 'Production code never imports tests/: what both need lives in server/.' }];

// The web app never imports server code.
const webNoServer = { group: ['#server/*', '**/server/**'], message: 'The web app talks to the server through the API only.' };
const webSharedOnly = { group: ['#web/features/*', '#web/app/*', '**/features/**', '**/app/**'], message: 'Shared code must not depend on features or the app.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench/results/**', 'lighthouse/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty-pattern': 'off',
    },
  },
  {
    // No pattern may take longer than linear time on what a client sends (a file name of 70 000
    // characters once blocked the server for 25 s): docs/decisions/037-input-sizes.md.
    plugins: { regexp: regexpPlugin },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential' }],
    },
  },
  {
    plugins: { 'import-x': importX, studynest: projectRules },
    settings: {
      // Imports resolve as Node resolves them (package.json "imports": #server/*, #web/*…), and
      // TypeScript files are read for their imports, or no cycle through them would be seen.
      'import-x/resolver-next': [importX.createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // import-x/no-cycle without its exception for type-only imports: a cycle of types is a cycle
      // (eslint-rules/no-cycle.js).
      'studynest/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...productionZones] }],
    },
  },
  {
    // Tests may import tests/ helpers; every other boundary holds for them too.
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [webNoServer] }],
    },
  },
  {
    // Imports flow shared (components, lib) → features → app.
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/dialogs.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webNoServer, webSharedOnly] }],
    },
  },
  {
    // The one module that shows popups.
    files: ['web/src/lib/dialogs.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webNoServer, webSharedOnly] }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./|#contract/)', message: 'contract/ depends on zod only' }] }],
    },
  },
);
