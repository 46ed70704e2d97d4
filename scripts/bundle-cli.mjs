#!/usr/bin/env node
// Bundles the orchlint CLI and language server (every workspace package and its dependencies) into
// bundle/, the two `bin`s of the root package.json, so its packed tarball runs with no dependencies. It runs as the root `postinstall` script, so `npm install` of a clone
// of this repository (what pre-commit does for a `language: node` hook, before `npm pack` and a
// global install of the tarball) builds a runnable orchlint without pnpm: npm cannot install the
// workspace: protocol, so the bundle resolves the workspace packages from their TypeScript sources.
// Not `prepare`: npm runs that again inside `npm pack`. The packed tarball carries no scripts
// (scripts/pack-manifest.mjs), so this never runs where it is installed. It does nothing under pnpm
// (`pnpm build` is the build there).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// npm_execpath names the package manager running this script; the user agent may be inherited
// from an outer pnpm run (a git commit from a pnpm script), so it cannot tell.
const viaPnpm = /pnpm/.test(path.basename(process.env.npm_execpath ?? ''));
if (viaPnpm && process.env.npm_lifecycle_event === 'postinstall') process.exit(0);

const { rolldown } = await import('rolldown');
const { BUILD_DIGEST_FILE, bundleDigest } = await import('./bundle-digest.mjs');

/** '@orchlint/x' → the package's TypeScript entry (or its folder, for data packages such as schemas). */
function workspaceAliases() {
  const dirs = [
    ...readdirSync(path.join(root, 'packages')).map((d) => path.join(root, 'packages', d)),
    path.join(root, 'rules'),
    path.join(root, 'schemas'),
  ];
  const alias = {};
  for (const dir of dirs) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8'));
    // Subpath exports ('@orchlint/core/yaml-parse') first, so the package's own alias does not take them.
    for (const [sub, target] of Object.entries(exports ?? {})) {
      const built = typeof target === 'object' ? target.default : target;
      if (sub === '.' || sub.includes('*') || typeof built !== 'string') continue;
      // The sources sit in src/, or (rules) beside dist/.
      const source = built.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts');
      alias[`${name}/${sub.slice(2)}`] =
        [path.join(dir, 'src', source), path.join(dir, source)].find(existsSync) ?? path.join(dir, 'src', source);
    }
    const entry = ['src/index.ts', 'index.ts'].map((f) => path.join(dir, f)).find(existsSync);
    alias[name] = entry ?? dir;
  }
  return Object.fromEntries(Object.entries(alias).sort(([a], [b]) => b.length - a.length));
}

const out = path.join(root, 'bundle');
rmSync(out, { recursive: true, force: true });
const bundle = await rolldown({
  // Module names in the output's comments are relative to cwd: the root, wherever this runs from, so
  // the bundle (and its build-digest) is the same bytes.
  cwd: root,
  input: {
    bin: path.join(root, 'packages/cli/src/bin.ts'),
    worker: path.join(root, 'packages/cli/src/worker.ts'),
    // Read below to compile the schemas ahead of time, then removed.
    'schema-sources': path.join(root, 'packages/cli/src/schema-sources.ts'),
    'language-server': path.join(root, 'packages/language-server/src/bin.ts'),
  },
  platform: 'node',
  // jsonc-parser's main build is UMD, whose require()s of its own modules a bundle cannot follow: take its ES modules.
  resolve: {
    alias: {
      ...workspaceAliases(),
      'jsonc-parser': path.join(
        path.dirname(createRequire(import.meta.url).resolve('jsonc-parser/package.json')),
        'lib/esm/main.js',
      ),
    },
    extensionAlias: { '.js': ['.ts', '.js'], '.cjs': ['.cts', '.cjs'] },
  },
  logLevel: 'warn',
});
await bundle.write({ dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
await bundle.close();

// The schema validators, beside the bundle's entry and the built CLI's (when it is built).
const sourcesFile = path.join(out, 'schema-sources.js');
const { writeCompiledSchemas } = await import('./compile-schemas.mjs');
const builtCli = path.join(root, 'packages/cli/dist');
const schemaDirs = [path.join(out, 'schemas'), ...(existsSync(builtCli) ? [path.join(builtCli, 'schemas')] : [])];
const compiled = await writeCompiledSchemas(await import(sourcesFile), root, schemaDirs, rolldown);
rmSync(sourcesFile);
// Last, over everything written: the cache's build id (see bundle-digest.mjs).
writeFileSync(path.join(out, BUILD_DIGEST_FILE), `${bundleDigest(out)}\n`);
console.error(
  `orchlint bundled into ${path.relative(process.cwd(), out) || '.'}/ (bin.js, language-server.js, ${compiled} compiled schemas)`,
);
