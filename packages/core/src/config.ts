import type { Severity } from './diagnostic.js';
import type { Targets } from './rule.js';

export type RuleSetting = Severity | 'off';

/** The resolved settings for one file: rule severities and version targets. */
export interface LintSettings {
  rules: Readonly<Record<string, RuleSetting>>;
  targets: Targets;
}

export const defaultSettings: LintSettings = { rules: {}, targets: {} };
