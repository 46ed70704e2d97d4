#!/usr/bin/env node
// The GitHub Action's cache key (action.yml, with `cache: true`): a prefix of its own for each job,
// matrix leg and set of paths, as a step output. Names go in as a hash, so a workflow named with a
// comma (which actions/cache refuses in a key) or at length still gets a valid key.
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';

const env = (name) => process.env[name] ?? '';
const scope = createHash('sha256')
  .update(JSON.stringify([env('CACHE_WORKFLOW'), env('CACHE_JOB'), env('CACHE_LEG'), env('INPUT_PATHS').trim()]))
  .digest('hex')
  .slice(0, 16);
const prefix = `orchlint-${env('RUNNER_OS') || process.platform}-${scope}-`;
const line = `prefix=${prefix}\nkey=${prefix}${env('GITHUB_RUN_ID')}-${env('GITHUB_RUN_ATTEMPT')}\n`;
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, line);
else process.stdout.write(line);
