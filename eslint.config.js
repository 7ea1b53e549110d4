// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

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
