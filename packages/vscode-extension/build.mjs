// Bundles the extension and the language server (with orchlint's rules, dialects and schemas) into
// dist/, so the packaged extension needs nothing installed beside it. Runs offline.
import { build } from 'esbuild';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

await build({
  entryPoints: { extension: 'src/extension.ts', server: require.resolve('@orchlint/language-server/bin') },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['vscode'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
