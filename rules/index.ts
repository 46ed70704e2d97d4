import type { Rule } from '@flowlint/core';
import { promptpackRules } from './promptpack/index.js';

/** Every rule flowlint ships, each dialect's in its own registry. */
export const rules: readonly Rule<any>[] = [...promptpackRules];

export { promptpackRules };
export { dialects, dialectById } from './dialects.js';
