#!/usr/bin/env node
// Builds the playground into site/: index.html, assets/playground.js (the page, orchlint's engine,
// every dialect and rule, CodeMirror), assets/playground.css, assets/mvdan-sh.js (the shell parser,
// which the page loads only when a file has a shell body) and assets/mermaid.min.js, which the page
// loads only when it draws a graph. Plain files: a static host serves them, and so does a
// file:// URL, which is why the scripts are classic ones (a file:// page may not load module
// scripts or import() chunks). Reads the compiled sources in dist/ (tsc -b runs first, in `pnpm build`).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
export const siteDir = path.join(here, 'site');

/** `node:x`, or a bare built-in's name (`fs`, `path/posix`): only those imports reach the check below. */
const BUILTIN = new RegExp(`^(node:|(${builtinModules.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})(/|$))`);

/**
 * Fails the build on any import of a Node built-in that is not served by a browser package of the
 * same name (graphology's `events` is the npm package): no Node API may reach the page.
 */
export function noNodeBuiltins(found) {
  return {
    name: 'orchlint-no-node-builtins',
    resolveId: {
      filter: { id: BUILTIN },
      async handler(source, importer) {
        const resolved = source.startsWith('node:') ? null : await this.resolve(source, importer, { skipSelf: true });
        if (resolved && !resolved.external) return resolved;
        found.push({ source, importer: importer && path.relative(root, importer) });
        return { id: source, external: true };
      },
    },
  };
}

/** Every file of fixtures/demo, by its path in that folder: the examples to start from. */
function demoFiles() {
  const dir = path.join(root, 'fixtures/demo');
  const files = {};
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[path.relative(dir, full).split(path.sep).join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return files;
}

/**
 * Bundles the page's script. Returns the Node built-ins it imports (none, or the build failed), the
 * code and the modules it would load at run time; writes the whole site unless `write` is false.
 */
export async function buildPlayground({ write = true } = {}) {
  const { rolldown } = await import('rolldown');
  const require = createRequire(path.join(here, 'package.json'));
  const version = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).version;
  const found = [];
  const bundle = await rolldown({
    input: path.join(here, 'dist/main.js'),
    platform: 'browser',
    resolve: {
      // jsonc-parser's main build is UMD, whose require()s of its own modules a bundle cannot follow: take its ES modules.
      alias: {
        // The shell parser is a script of its own, loaded when a lint first needs it (src/shell-parser.ts).
        'mvdan-sh': path.join(here, 'src/mvdan-sh-on-page.cjs'),
        'jsonc-parser': path.join(
          path.dirname(createRequire(require.resolve('@orchlint/core')).resolve('jsonc-parser/package.json')),
          'lib/esm/main.js',
        ),
      },
    },
    transform: {
      define: { __ORCHLINT_VERSION__: JSON.stringify(version), __ORCHLINT_DEMO__: JSON.stringify(demoFiles()) },
    },
    plugins: [noNodeBuiltins(found)],
    logLevel: 'warn',
  });
  const { output } = await bundle.generate({ format: 'iife', minify: true, codeSplitting: false });
  await bundle.close();
  const [chunk] = output;
  const code = chunk.code;
  const shell = await shellParserScript(require, found);
  if (found.length)
    throw new Error(
      `the playground imports Node built-ins: ${found.map((f) => `${f.source} (from ${f.importer})`).join(', ')}`,
    );
  if (write) {
    rmSync(siteDir, { recursive: true, force: true });
    mkdirSync(path.join(siteDir, 'assets'), { recursive: true });
    writeFileSync(path.join(siteDir, 'assets/playground.js'), code);
    writeFileSync(path.join(siteDir, 'assets/mvdan-sh.js'), shell.code);
    copyFileSync(path.join(here, 'playground.css'), path.join(siteDir, 'assets/playground.css'));
    copyFileSync(path.join(here, 'index.html'), path.join(siteDir, 'index.html'));
    copyFileSync(
      path.join(here, 'node_modules/mermaid/dist/mermaid.min.js'),
      path.join(siteDir, 'assets/mermaid.min.js'),
    );
  }
  // A classic script loads nothing by itself: what it imports is in it.
  return {
    found,
    code,
    shellCode: shell.code,
    imports: [...chunk.imports, ...chunk.dynamicImports, ...shell.imports],
  };
}

/** mvdan-sh as a classic script that sets the global `orchlintMvdanSh` (what mvdan-sh-on-page.cjs reads). */
async function shellParserScript(require, found) {
  const { rolldown } = await import('rolldown');
  const core = createRequire(require.resolve('@orchlint/core'));
  const bundle = await rolldown({
    input: core.resolve('mvdan-sh'),
    platform: 'browser',
    plugins: [noNodeBuiltins(found)],
    logLevel: 'warn',
  });
  const { output } = await bundle.generate({ format: 'iife', name: 'orchlintMvdanSh', minify: true });
  await bundle.close();
  const [chunk] = output;
  return { code: chunk.code, imports: [...chunk.imports, ...chunk.dynamicImports] };
}

/** Each file of the site with its size and gzip size, in kB: the numbers the README quotes. */
export function siteSizes() {
  const kb = (n) => Math.round(n / 1024);
  return [
    'index.html',
    'assets/playground.js',
    'assets/playground.css',
    'assets/mvdan-sh.js',
    'assets/mermaid.min.js',
  ].map((file) => {
    const bytes = readFileSync(path.join(siteDir, file));
    return { file, kB: kb(bytes.length), gzipKB: kb(gzipSync(bytes).length) };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildPlayground();
  const sizes = siteSizes()
    .map((s) => `${s.file} ${s.kB} kB (${s.gzipKB} kB gzipped)`)
    .join(', ');
  console.error(`playground built into ${path.relative(process.cwd(), siteDir) || '.'}/: ${sizes}`);
}
