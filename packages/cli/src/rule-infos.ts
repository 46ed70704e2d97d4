import { coreRules } from '@orchlint/core';
import { dialects, rules } from '@orchlint/rules';
import type { RuleInfo } from './formatters/index.js';

export { rules };

/** Every rule a report may describe: the dialects' rules and the engine's own findings. */
export const ruleInfos: readonly RuleInfo[] = [...coreRules, ...dialects.flatMap((d) => d.findings ?? []), ...rules];
