import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE } from './print-schema';
import { printSortedSchema } from './schema';

describe('schema.graphql', () => {
  it('is up to date with the code (run `npm run print-schema -w apps/server`)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printSortedSchema());
  });
});
