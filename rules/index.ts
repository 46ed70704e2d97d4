import type { Rule } from '@flowlint/core';
import { promptpackRules } from './promptpack/index.js';
import { promptRunnerKinds, promptRunnerRules, upstreamKinds } from './prompt-runner/index.js';

/** Every rule flowlint ships, each dialect's in its own registry. */
export const rules: readonly Rule<any>[] = [...promptpackRules, ...promptRunnerRules];

export { promptpackRules };
export { promptRunnerRules, promptRunnerKinds, upstreamKinds };
export { dialects, dialectById } from './dialects.js';
