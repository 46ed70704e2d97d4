// Bundles the extension and the language server (with orchlint's rules, dialects and schemas) into
// dist/, so the packaged extension needs nothing installed beside it. Runs offline.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// jsonc-parser's main build is UMD, whose require()s of its own modules a bundle cannot follow: take its ES modules.
const fromServer = createRequire(require.resolve('@orchlint/language-server/bin'));
const fromCore = createRequire(fromServer.resolve('@orchlint/core'));
const jsoncParser = path.join(path.dirname(fromCore.resolve('jsonc-parser/package.json')), 'lib/esm/main.js');
const esmJsoncParser = {
  name: 'jsonc-parser-esm',
  setup(b) {
    b.onResolve({ filter: /^jsonc-parser$/ }, () => ({ path: jsoncParser }));
  },
};

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
  // CommonJS has no import.meta: the server's start-up cache is keyed by the stamp of its own file.
  banner: { js: "'use strict';const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__importMetaUrl' },
  plugins: [esmJsoncParser],
});
