// `npm run test:e2e`: builds the web app only when what the build reads changed since the last
// build (a hash of its inputs kept beside the output), so running the e2e stage again after a
// server-only change does not spend a minute rebuilding the same files (issue 21, decision 105).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Everything `npm run build -w apps/web` reads: the web app, the domain it imports, configs, the lockfile. */
const INPUTS = [
  'apps/web/src',
  'apps/web/build',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/domain',
  'tsconfig.base.json',
  'package.json',
  'package-lock.json',
];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/web/dist-ssr'];
const STAMP = join(root, 'apps/web/dist/.inputs-sha256');

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((entry) => entry !== 'node_modules')
    .sort()
    .flatMap((entry) => filesUnder(join(path, entry)));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const wanted = inputsHash();
const built = OUTPUTS.every((output) => existsSync(join(root, output))) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === wanted;
if (built && process.env.FHP_FORCE_BUILD !== '1') {
  console.log('Web build is up to date (inputs unchanged): not rebuilt.');
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${wanted}\n`);
}
