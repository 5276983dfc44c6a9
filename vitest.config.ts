import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    // ink writes nothing while CI is set; screen tests need it off in-process.
    env: { CI: 'false' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two at a time on these 2-core machines (vitest's default leaves one core idle, and the
    // suite's files spend much of their time waiting on sockets and child processes).
    maxWorkers: 2,
    // The command tests spawn dist/cli.js, the built CLI: rebuilt here when src/ is newer.
    globalSetup: ['test/support/builtCli.ts'],
  },
});
