#!/usr/bin/env node
// The GitHub Action's lint step (action.yml): takes the inputs as the runner names them
// (INPUT_<NAME> environment variables), runs the bundled orchlint of the action's own checkout
// in the workspace, writes the step's outputs to $GITHUB_OUTPUT and exits with orchlint's code.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bundle/bin.js');

/** An input as @actions/core reads it: INPUT_ and the name upper-cased, spaces as underscores. */
const input = (name) => (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();

/** A boolean input as @actions/core accepts it: the YAML 1.2 core schema's spellings only. */
function booleanInput(name) {
  const value = input(name) || 'false';
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  fail(`input '${name}' must be true or false, not '${value}'`);
}

function fail(message) {
  console.log(`::error title=orchlint::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}`);
  process.exit(2);
}

function setOutput(name, value) {
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${name}=${value}\n`);
}

if (!existsSync(bin))
  fail(
    `${bin} is missing: the action's "Bundle orchlint" step (npm install in ${path.dirname(path.dirname(bin))}) did not run or failed`,
  );
const strict = booleanInput('strict');
const sarifFile = input('sarif-file');
const args = ['--format', input('format') || 'github'];
if (sarifFile) args.push('--output', `sarif=${sarifFile}`);
if (strict) args.push('--strict');
// The folder action.yml restores from and saves to actions/cache, outside the workspace.
if (booleanInput('cache')) {
  if (!process.env.ORCHLINT_CACHE_DIR)
    fail('input cache is true, but the step has no ORCHLINT_CACHE_DIR to keep it in');
  args.push('--cache', '--cache-location', path.join(process.env.ORCHLINT_CACHE_DIR, 'orchlint.cache'));
}
args.push('--', ...input('paths').split(/\s+/).filter(Boolean));
if (args.at(-1) === '--') args.push('.');

const run = spawnSync(process.execPath, [bin, ...args], {
  cwd: process.env.GITHUB_WORKSPACE || process.cwd(),
  stdio: 'inherit',
});
const code = run.status ?? 3;
setOutput('exit-code', code);
if (sarifFile && code < 2) setOutput('sarif-file', sarifFile);
if (code >= 2) console.log(`::error title=orchlint::orchlint stopped with exit code ${code}; its message is above`);
process.exit(code);
