import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSortedSchema } from './schema';

/** `npm run print-schema -w apps/server`: the web types its documents from this file. */
export const SCHEMA_FILE = fileURLToPath(new URL('../../schema.graphql', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_FILE, printSortedSchema());
  console.log(`wrote ${SCHEMA_FILE}`);
}
