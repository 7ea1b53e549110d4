/**
 * `npm run storms:evaluate -- FILE`: runs the parametric contract alone (no database) over a
 * HURDAT2 file and prints one JSON line per storm and island (every storm of the file, Grenada
 * then Dominica), so anyone can audit what the contract pays:
 *
 *   {"storm":"AL092004","name":"IVAN","country":"gd","c1":"C3","c2":"C4","payout":{"T":50,"1":50,"2":50,"3":50,"4":50,"5":0}}
 *
 * A file the parser refuses: its message (with the line number) on stderr, exit code 1.
 */
import { readFileSync, statSync } from 'node:fs';
import { COUNTRY_CODES, evaluateStorm, HURDAT2_MAX_BYTES, isDomainError, OPTION_IDS, parseHurdat2, type StormEvaluation } from '@fhp/domain';
import { isMainModule } from './paths';

/**
 * One audit line. Written by hand because JSON.stringify puts integer-like keys ("1".."5") before
 * "T"; the line keeps the table's order, T first.
 */
export function formatEvaluation(evaluation: StormEvaluation): string {
  const payout = OPTION_IDS.map((option) => `${JSON.stringify(option)}:${evaluation.payouts[option]}`).join(',');
  return (
    `{"storm":${JSON.stringify(evaluation.stormId)},"name":${JSON.stringify(evaluation.name)},"country":${JSON.stringify(evaluation.country)},` +
    `"c1":${JSON.stringify(evaluation.c1)},"c2":${JSON.stringify(evaluation.c2)},"payout":{${payout}}}`
  );
}

/** The audit lines of a whole HURDAT2 text (throws the parser's error for a bad one). */
export function evaluateHurdat2(text: string): string[] {
  return parseHurdat2(text).flatMap((storm) => COUNTRY_CODES.map((country) => formatEvaluation(evaluateStorm(storm, country))));
}

function readInput(path: string): string {
  const size = statSync(path).size;
  if (size > HURDAT2_MAX_BYTES) throw new Error(`${path} is ${size} bytes; a HURDAT2 file may be at most ${HURDAT2_MAX_BYTES} bytes`);
  return readFileSync(path, 'utf8');
}

export function main(args: readonly string[]): number {
  const [path, ...rest] = args;
  if (path === undefined || rest.length > 0) {
    process.stderr.write('Usage: npm run storms:evaluate -- FILE   (one HURDAT2 file)\n');
    return 1;
  }
  try {
    process.stdout.write(`${evaluateHurdat2(readInput(path)).join('\n')}\n`);
    return 0;
  } catch (error) {
    const reason = isDomainError(error) ? error.message : `cannot read ${path}: ${(error as Error).message}`;
    process.stderr.write(`${path}: ${reason}\n`);
    return 1;
  }
}

if (isMainModule(import.meta.url)) process.exitCode = main(process.argv.slice(2));
