import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Vite transforms .ts, .mts and .tsx by default; core's CommonJS module (mvdan-sh.cts) is TypeScript too.
  oxc: { include: /\.([cm]?ts|[jt]sx)$/ },
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker per core but one; on two cores that is one. Much of a test's time
    // is spent waiting on a process it spawned, so a third worker keeps both cores busy.
    maxWorkers: 3,
    // Every run ends with its time, its slowest files, the groups this machine skipped and why.
    reporters: ['default', './test/support/run-summary.ts'],
  },
});
