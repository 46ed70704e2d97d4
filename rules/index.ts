import type { Rule } from '@orchlint/core';
import { archonRules } from './archon/index.js';
import { promptpackRules } from './promptpack/index.js';
import { promptRunnerKinds, promptRunnerRules, upstreamKinds } from './prompt-runner/index.js';

/** Every rule orchlint ships, each dialect's in its own registry. */
export const rules: readonly Rule<any>[] = [...promptpackRules, ...archonRules, ...promptRunnerRules];

export { promptpackRules, archonRules };
export { promptRunnerRules, promptRunnerKinds, upstreamKinds };
export { dialects, dialectById } from './dialects.js';
