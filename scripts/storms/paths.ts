import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A path inside the repository, whatever the working directory. */
export function repoPath(relative: string): string {
  return join(ROOT, relative);
}

/** The project's copy of the HURDAT2 records (packages/domain/datasets/hurdat2/README.md). */
export const HURDAT2_DIR = repoPath('packages/domain/datasets/hurdat2');

/** Whether this module is the script node was started with (not imported by a test). */
export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
}
