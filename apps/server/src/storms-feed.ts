/**
 * `npm run storms:feed -- --source NAME FILE...`: ingests b-deck files once, as the named source's
 * (the same as a poll of that source reading them; decision 147), into the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR, which a running server must not hold). Each file is stored
 * and evaluated in its own transaction (payouts, alerts), and the notices queued. Prints one line per
 * file and a summary. Exit 0: every file read; 1: a file was refused (its reason, with its line, on
 * stderr; nothing of that file stored, the others are); 2: could not run.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { isDomainError } from '@fhp/domain';
import { withCliApp } from './cli-app';
import { lifecycleDeps } from './modules/lifecycle';
import { ingestBdeck } from './modules/storms';

const USAGE = 'Usage: npm run storms:feed -- --source NAME FILE... (ATCF b-deck files named like bal092026.dat)\n';
const SOURCE_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;

function parseArgs(argv: readonly string[]): { source: string; files: string[] } | null {
  const files: string[] = [];
  let source: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--source') source = argv[++i];
    else if (arg.startsWith('--source=')) source = arg.slice('--source='.length);
    else files.push(arg);
  }
  if (!source || !SOURCE_NAME.test(source) || files.length === 0) return null;
  return { source, files };
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  if (!args) {
    process.stderr.write(USAGE);
    return 2;
  }
  const texts: { file: string; text: string }[] = [];
  for (const file of args.files) {
    try {
      texts.push({ file, text: await readFile(file, 'utf8') });
    } catch {
      process.stderr.write(`Cannot read ${file}\n`);
      return 2;
    }
  }
  // The feeds a server polls are not this command's business: it reads the files it is given.
  return withCliApp({ STORM_FEEDS: '' }, async (app, config) => {
    let refused = 0;
    let payouts = 0;
    let alerts = 0;
    for (const { file, text } of texts) {
      try {
        const result = await ingestBdeck(lifecycleDeps(app), args.source, basename(file), text, { sourcesRequired: config.stormFeeds.sourcesRequired });
        payouts += result.payouts.length;
        alerts += result.alerts.length;
        process.stdout.write(`${file}: ${result.stormId} ${result.name} ${result.change.toLowerCase()} (${result.points} fixes from ${args.source})\n`);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        refused++;
        process.stderr.write(`${file}: ${error.message}\n`);
      }
    }
    process.stdout.write(`${texts.length - refused} files read, ${refused} refused, ${payouts} payouts created, ${alerts} storm alerts created\n`);
    return refused > 0 ? 1 : 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
