import type { Rule } from '@flowlint/core';
import { archonRules } from './archon/index.js';
import { promptpackRules } from './promptpack/index.js';

/** Every rule flowlint ships, each dialect's in its own registry. */
export const rules: readonly Rule<any>[] = [...promptpackRules, ...archonRules];

export { promptpackRules, archonRules };
export { dialects, dialectById } from './dialects.js';
