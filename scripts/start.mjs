// `npm start`: one process, one port. Builds the web app when it has not been built yet,
// then runs the server, which serves the built app, /graphql and the REST routes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex)) {
  console.log('Building the web app (first start, about 30 s)...');
  const started = Date.now();
  // Quiet: only warnings and errors, not every file written (`npm run build` lists them).
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, FHP_QUIET_BUILD: '1' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Forward stop signals so the server can close the database cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
