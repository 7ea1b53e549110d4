import { defineConfig } from 'vitest/config';

// One runner for every package: `npm run test:unit` runs domain, server, scripts and web tests together.
export default defineConfig({
  test: {
    // Files of the node projects share their fork's module graph (decision 175): importing the whole
    // server again for each of ~115 files cost about 4 s of CPU a file, most of the server project's
    // time. Each suite still builds its own app on its own database; module-level state a file
    // changes (the password hash cost) is set by the files that test it. Vitest reads this per pool,
    // for the whole run, not per project: the web project runs in the threads pool, isolated.
    // The worker counts too are the run's: Vitest's default is one fewer than the cores, one worker
    // on this 2-core machine, and the server suites wait on PostgreSQL and timers as much as they compute.
    poolOptions: { forks: { isolate: false, maxForks: 2, minForks: 1 }, threads: { isolate: true, maxThreads: 2, minThreads: 1 } },
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // The first suite of a run waits for the template databases it copies (test/templates.ts):
          // PGlite's initdb, every migration and the seed, which take over a minute on a loaded machine.
          hookTimeout: 180_000,
          // Names the run, whose template databases every suite copies (test/templates.ts), and removes them at the end.
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      {
        test: {
          // Generators and command-line tools: regenerated files match the committed ones, the CLI runs as a child process.
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          // The parsing and printing half of bench:web; the benchmarks themselves are not tests.
          name: 'bench',
          root: './bench',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          // Its files change the DOM and module state (stores, mocks): each gets a fresh one.
          pool: 'threads',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
