/**
 * `npm run storms:import -- FILE`: imports a HURDAT2 file into the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR, which a running server must not hold) through the same
 * importer as the admin's upload: storms stored or extended, then evaluated (payouts, alerts),
 * and their emails and texts queued (sent through SMTP_URL or the log; what is not sent within 5 s
 * of the end goes out with the server's next start). Prints one line per storm and a summary. Exit 0: imported;
 * 1: the file was refused (the reason, with its line, on stderr; nothing stored); 2: could not run.
 */
import { readFile, stat } from 'node:fs/promises';
import { isDomainError } from '@fhp/domain';
import { withCliApp } from './cli-app';
import { lifecycleDeps } from './modules/lifecycle';
import { importStormText, stormFileText } from './modules/storms';

async function main(file: string | undefined): Promise<number> {
  if (!file) {
    process.stderr.write('Usage: npm run storms:import -- FILE (a HURDAT2 best-track text file)\n');
    return 2;
  }
  let bytes: Uint8Array;
  try {
    await stat(file);
    bytes = await readFile(file);
  } catch {
    process.stderr.write(`Cannot read ${file}\n`);
    return 2;
  }
  return withCliApp({}, async (app) => {
    try {
      const result = await importStormText(lifecycleDeps(app), stormFileText(bytes));
      for (const storm of result.storms) process.stdout.write(`${storm.id} ${storm.name}: ${storm.change.toLowerCase()} (${storm.points} track points)\n`);
      process.stdout.write(`${result.storms.length} storms read, ${result.payouts.length} payouts created, ${result.alerts.length} storm alerts created\n`);
      return 0;
    } catch (error) {
      if (isDomainError(error)) {
        process.stderr.write(`${error.message}\n`);
        return 1;
      }
      throw error;
    }
  });
}

process.exitCode = await main(process.argv[2]);
