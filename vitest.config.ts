import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Vite transforms .ts, .mts and .tsx by default; core's CommonJS module (mvdan-sh.cts) is TypeScript too.
  oxc: { include: /\.([cm]?ts|[jt]sx)$/ },
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
