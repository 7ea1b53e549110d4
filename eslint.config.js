// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/**
 * The server's modules (apps/server/src/modules/<name>, docs/architecture.md "Module map"). Each one
 * may import only the modules listed here, always through their index.ts; the list is the drawing
 * of apps/server/src and may have no circle (checked below). A module never imports the files that
 * compose the app (COMPOSITION), and the layers under the modules (config, db, graphql, http,
 * logging) import no module at all.
 */
const SERVER_MODULES = {
  policies: ['audit', 'identity', 'lifecycle', 'payments', 'payouts'],
  payouts: ['audit', 'bank', 'identity', 'jobs', 'lifecycle'],
  payments: ['audit', 'documents', 'identity', 'lifecycle'],
  purchase: ['audit', 'identity', 'lifecycle', 'notifications', 'pricing'],
  storms: ['audit', 'identity', 'jobs', 'lifecycle', 'notifications'],
  account: ['audit', 'files', 'identity', 'kyc', 'notifications'],
  'admin-users': ['identity', 'kyc'],
  bank: ['audit', 'files', 'identity', 'kyc'],
  portfolio: ['identity', 'pricing'],
  content: ['audit', 'identity'],
  kyc: ['audit', 'files', 'identity'],
  lifecycle: ['audit', 'documents', 'identity', 'jobs', 'notifications'],
  // jobs: the ledger's daily re-check is a scheduled job (decision 138).
  audit: ['identity', 'jobs'],
  files: ['identity', 'jobs'],
  pricing: ['audit', 'identity'],
  identity: ['notifications'],
  catalogue: [],
  documents: [],
  health: [],
  jobs: [],
  metrics: [],
  notifications: [],
};
/** Files above the modules: they wire them into the app, the schema, the seed and the CLIs. */
const COMPOSITION = /^(app|start|server|scheduled-jobs|backup-cli|ledger-verify|storms-import|storms-feed|cli-app)\.ts$|^(api|web-app|seed)\//;

(function refuseCircles() {
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') throw new Error(`eslint.config.js: SERVER_MODULES has a circle: ${[...path, name].join(' -> ')}`);
    state.set(name, 'open');
    for (const next of SERVER_MODULES[name] ?? []) {
      if (!(next in SERVER_MODULES)) throw new Error(`eslint.config.js: SERVER_MODULES names an unknown module "${next}"`);
      visit(next, [...path, name]);
    }
    state.set(name, 'done');
  };
  for (const name of Object.keys(SERVER_MODULES)) visit(name, []);
})();

const serverSrc = resolve(import.meta.dirname, 'apps/server/src');
const serverPath = (absolute) => relative(serverSrc, absolute).split(sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import each other through index.ts, only downwards (SERVER_MODULES), never the app wiring.' },
    schema: [],
  },
  create(context) {
    const from = serverPath(context.filename);
    const [top, fromModule] = from.split('/');
    const own = top === 'modules' ? fromModule : null;
    const isTest = from.endsWith('.test.ts');
    /** @param {import('estree').Node | null | undefined} source */
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = serverPath(resolve(dirname(context.filename), source.value));
      const [targetTop, targetModule, ...rest] = target.split('/');
      if (own && !isTest && COMPOSITION.test(target.replace(/\.[cm]?[jt]s$/, '') + '.ts')) {
        context.report({ node: source, message: `Module "${own}" imports ${target}, which composes the app: nothing in modules/ imports it.` });
        return;
      }
      if (targetTop !== 'modules' || !targetModule || targetModule === own) return;
      const inner = rest.join('/').replace(/\.[cm]?[jt]s$/, '');
      const registersSchema = from === 'api/schema.ts' && /(^|[-/])graphql$/.test(inner);
      if (inner !== '' && inner !== 'index' && !registersSchema) {
        context.report({ node: source, message: `Import modules/${targetModule} through its index.ts, not ${target}: export what other modules need from there.` });
      }
      if (isTest) return;
      if (own && !(SERVER_MODULES[own] ?? []).includes(targetModule)) {
        context.report({ node: source, message: `Module "${own}" may not import "${targetModule}" (SERVER_MODULES in eslint.config.js: imports run one way, no circles).` });
      } else if (!own && !COMPOSITION.test(from)) {
        context.report({ node: source, message: `${from} is under the modules (config, db, graphql, http, logging): it imports no module.` });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** Imports flow one way: domain <- server, domain <- web; features never import each other. */
const boundaries = [
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/apps/**', '@fhp/server', '@fhp/web'], message: 'The domain package imports no application code.' },
          { group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'pg', '@electric-sql/*', 'drizzle-orm*', 'fastify*', 'react*'], message: 'The domain package holds pure rules: no I/O and no frameworks.' },
        ],
      }],
    },
  },
  {
    // Tests may hand the rules Node's SHA-256 (the rules take the hash function as an argument).
    files: ['packages/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/apps/**', '@fhp/server', '@fhp/web'], message: 'The domain package imports no application code.' },
          { group: ['fs', 'path', 'http', 'https', 'net', 'child_process', 'pg', '@electric-sql/*', 'drizzle-orm*', 'fastify*', 'react*', 'node:fs*', 'node:path', 'node:http*', 'node:net', 'node:child_process'], message: 'Domain tests do no I/O either.' },
        ],
      }],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/web/**', '@fhp/web', '@fhp/web/*'], message: 'The server never imports web code.' }],
      }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'server/module-boundaries': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/server/**', '@fhp/server', '@fhp/server/*'], message: 'The web never imports server code.' }],
      }],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/features/**', '**/app/**'], message: 'Shared code imports no feature and no app wiring.' },
          { group: ['**/server/**', '@fhp/server'], message: 'The web never imports server code.' },
        ],
      }],
    },
  },
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...features.filter((other) => other !== feature).map((other) => ({
            group: [`**/features/${other}`, `**/features/${other}/**`],
            message: `Feature "${feature}" may not import feature "${other}"; compose them in src/app.`,
          })),
          { group: ['**/app/**'], message: 'Features do not import the app layer.' },
          { group: ['**/server/**', '@fhp/server'], message: 'The web never imports server code.' },
        ],
      }],
    },
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', '**/drizzle/**', 'test-results/**', 'playwright-report/**', 'apps/web/src/graphql/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...boundaries,
);
