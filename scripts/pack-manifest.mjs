#!/usr/bin/env node
// `npm pack`'s prepack (`strip`) and postpack (`restore`): the tarball's package.json carries no
// scripts. A clone needs its postinstall (scripts/bundle-cli.mjs: `npm install` of a clone, as
// pre-commit and the GitHub Action do it, bundles orchlint), but in an installed tarball it would do
// nothing, and npm warns about every install script it has not been allowed to run; the other
// scripts name pnpm and sources the tarball does not hold. npm packs package.json as it is on disk
// after prepack, and runs postpack from the manifest it read before, so the clone's file comes back
// unchanged. The repository's .npmrc (foreground-scripts=false) keeps both scripts' banners off
// `npm pack`'s standard output, which pre-commit reads as the tarball's name.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = path.join(root, 'package.json');
/** The clone's own package.json while a pack is under way. */
const kept = path.join(root, '.package.json.before-pack');

const step = process.argv[2];
if (step === 'strip') {
  // A pack that died before its postpack left the clone's file here: that one is the original.
  if (existsSync(kept)) renameSync(kept, manifest);
  const text = readFileSync(manifest, 'utf8');
  writeFileSync(kept, text);
  const { scripts: _scripts, ...packed } = JSON.parse(text);
  writeFileSync(manifest, JSON.stringify(packed, null, 2) + '\n');
} else if (step === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: pack-manifest.mjs strip|restore');
  process.exit(2);
}
