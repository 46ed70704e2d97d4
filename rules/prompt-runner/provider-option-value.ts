import { defineRule, didYouMean, ownValue, type Entry } from '@orchlint/core';
import { inspect, isIntegerScalar, type MarkdownFile, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/provider-option-value';

const PERMISSION_MODES = [
  'default',
  'auto',
  'bypass',
  'plan',
  'full_auto',
  'accept_edits',
  'delegate',
  'dont_ask',
  'auto_edit',
  'dangerously_skip_permissions',
  'bypass_permissions',
  'yolo',
  'dangerously_allow_all',
];

/** Option → allowed values, and what the runner does with anything else. */
const ENUMS: Record<string, { values: string[]; effect: string; promptLevel: boolean }> = {
  provider: {
    values: ['claude', 'codex', 'amp', 'cursor', 'antigravity', 'simulated'],
    effect: 'planning fails',
    promptLevel: true,
  },
  permission_mode: {
    values: PERMISSION_MODES,
    effect: 'planning fails with {:invalid_permission_mode, …}',
    promptLevel: true,
  },
  cli_confirmation: { values: ['off', 'warn', 'require'], effect: 'the runner silently uses warn', promptLevel: true },
  log_mode: {
    values: ['compact', 'verbose', 'studio'],
    effect: 'planning fails with {:invalid_log_mode, …}',
    promptLevel: false,
  },
  log_meta: { values: ['none', 'full'], effect: 'planning fails', promptLevel: false },
  events_mode: { values: ['compact', 'full', 'off'], effect: 'planning fails', promptLevel: false },
  tool_output: {
    values: ['summary', 'preview', 'full'],
    effect: 'planning fails with {:invalid_tool_output, …}',
    promptLevel: false,
  },
  thinking: { values: ['show', 'hide'], effect: 'planning fails', promptLevel: false },
  diff: { values: ['none', 'stat', 'full'], effect: 'planning fails', promptLevel: false },
};

const UNBOUNDED = ['unbounded', 'infinity', 'infinite'];

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/provider-option-value',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner plan construction (provider, permission_mode, log_mode, log_meta, events_mode, tool_output, thinking, diff, timeout) and Packet options (cli_confirmation silently falls back to warn)',
  summary: 'provider options must hold one of their allowed values',
  check(model, report) {
    if (model.kind !== 'packet') return;
    const files: Array<[MarkdownFile, boolean]> = model.prompts.map((p) => [p.file, true]);
    if (model.manifest) files.unshift([model.manifest.file, false]);
    for (const [file, isPrompt] of files) {
      if (!file.tree || !file.attributes) continue;
      for (const e of file.tree.entries(file.attributes)) {
        const message = problem(e, isPrompt);
        if (message && e.value) report({ at: e.value, source: file.source, message });
      }
    }
  },
});

function problem(e: Entry, isPrompt: boolean): string | undefined {
  const value = (e.value as { value?: unknown } | undefined)?.value;
  if (e.key === 'timeout') {
    if (isIntegerScalar(e.value) && typeof value === 'number' && value > 0) return undefined;
    if (typeof value === 'string' && UNBOUNDED.includes(value)) return undefined;
    return `timeout ${inspect(typeof value === 'string' || typeof value === 'number' ? value : null)} is neither a positive number of milliseconds nor "unbounded"; planning rejects it`;
  }
  const spec = ownValue(ENUMS, e.key);
  if (!spec || (isPrompt && !spec.promptLevel)) return undefined;
  if (typeof value === 'string' && spec.values.includes(value)) return undefined;
  const shown = typeof value === 'string' ? `'${value}'` : 'this value';
  return `${e.key} ${shown} is not one of ${spec.values.join(', ')}${typeof value === 'string' ? didYouMean(value, spec.values) : ''}, so ${spec.effect}`;
}
