import { defineConfig } from 'vitest/config';

// Files that mock modules or spy on globals, and the CLI's end-to-end tests (they start processes,
// change the working directory and write files around the repository): each in a fresh worker.
const isolated = [
  'test/cli/**/*.test.ts',
  'packages/cli/test/host.test.ts',
  'packages/core/test/reparse-check.test.ts',
  'packages/core/test/schema.test.ts',
  'packages/core/test/tree.test.ts',
  'packages/language-server/test/editor-host.test.ts',
];

/** The tests that drive a browser: timing-sensitive on a loaded two-core machine. */
const browsers = ['test/lsp/vscode-e2e.test.ts', 'test/playground/browser.test.ts'];

export default defineConfig({
  // Vite transforms .ts, .mts and .tsx by default; core's CommonJS module (mvdan-sh.cts) is TypeScript too.
  oxc: { include: /\.([cm]?ts|[jt]sx)$/ },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker per core but one; on two cores that is one. Much of a test's time
    // is spent waiting on a process it spawned, so a third worker keeps both cores busy.
    maxWorkers: 3,
    // Every run ends with its time, its slowest files, the groups this machine skipped and why.
    reporters: ['default', './test/support/run-summary.ts'],
    // Temporary files of the whole run in one folder, removed at its end.
    globalSetup: ['./test/support/temp-root.ts'],
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated } },
      {
        extends: true,
        // The rest import the engine, its dialects and rules once per worker, not once per file: the
        // imports were a third of the suite's CPU time. None of them leaves state behind.
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', 'test/bench/**', ...isolated, ...browsers],
          isolate: false,
        },
      },
      // A real VS Code and the playground in Chromium: last, one at a time (`pnpm test` runs them apart).
      { extends: true, test: { name: 'browser', include: browsers, fileParallelism: false } },
    ],
  },
});
