import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: the secp256k1 backend is chosen once per process,
 * on first use (src/protocol/secpBackend.ts), and these two test that choice.
 */
const OWN_PROCESS = ['test/exchange/secpNoble.test.ts', 'test/exchange/secpDefault.test.ts'];

const ALL = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'];

export default defineConfig({
  test: {
    // ink writes nothing while CI is set: screen tests need it off in-process.
    env: { CI: 'false' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two at a time on these 2-core machines (vitest's default leaves one core idle, and the
    // suite's files spend much of their time waiting on sockets and child processes).
    maxWorkers: 2,
    // The command tests spawn dist/cli.js, the built CLI: rebuilt here when src/ is newer.
    globalSetup: ['test/support/builtCli.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ALL,
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          // A worker runs file after file in one module graph instead of loading every module
          // again for each of the 340 files: the suite's imports were most of its time
          // (docs/performance.md, "How npm test runs"). Nothing may lean on a fresh process: state a test sets
          // on a module (a clock, an env variable read once) it puts back in its afterAll.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
