import type { NodeKind } from './model.js';

/** Providers registered in Archon 0.9. */
export const PROVIDERS = ['claude', 'codex', 'opencode', 'pi', 'copilot'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** `BASH_NODE_AI_FIELDS` (dag-node.ts): AI settings a bash, script, approval or cancel node ignores. */
const BASH_IGNORED = [
  'provider',
  'model',
  'context',
  'output_format',
  'allowed_tools',
  'denied_tools',
  'hooks',
  'mcp',
  'skills',
  'agents',
  'pi',
  'effort',
  'thinking',
  'maxBudgetUsd',
  'systemPrompt',
  'fallbackModel',
  'settingSources',
  'betas',
  'sandbox',
  'persist_session',
];
const without = (list: string[], ...drop: string[]) => list.filter((f) => !drop.includes(f));

/**
 * Fields each non-AI kind accepts but ignores with only a log line (the engine's
 * `<type>_node_ai_fields_ignored`). Later engines enforce output_format on bash/script.
 */
export const IGNORED_FIELDS: Partial<Record<NodeKind, readonly string[]>> = {
  bash: BASH_IGNORED,
  script: BASH_IGNORED,
  approval: BASH_IGNORED,
  cancel: BASH_IGNORED,
  loop: without(BASH_IGNORED, 'model', 'provider', 'pi', 'output_format'),
  loop_group: without(BASH_IGNORED, 'model', 'provider'),
  include: [...BASH_IGNORED, 'retry', 'output_type', 'always_run', 'idle_timeout', 'timeout'],
  workflow: without(BASH_IGNORED, 'output_format'),
};

/**
 * Fields a kind's transform drops without even a log line: a `loop:` node keeps neither `provider` nor
 * `model` (dag-node.ts builds it from the structural base), so its iterations run on the workflow's.
 */
export const SILENTLY_DROPPED_FIELDS: Partial<Record<NodeKind, readonly string[]>> = {
  loop: ['provider', 'model'],
};

/**
 * The commands Archon 0.9 bundles (`BUNDLED_COMMANDS`, `.archon/commands/defaults/` upstream): a `command:`
 * naming one resolves without a file in the project, unless `.archon/config.yaml` sets
 * `defaults.loadDefaultCommands: false`. Not every `archon-*` name is one: the bundled workflows are not.
 */
export const BUNDLED_COMMANDS: ReadonlySet<string> = new Set([
  'archon-assist',
  'archon-auto-fix-review',
  'archon-code-review-agent',
  'archon-comment-quality-agent',
  'archon-confirm-plan',
  'archon-create-plan',
  'archon-create-pr',
  'archon-docs-impact-agent',
  'archon-error-handling-agent',
  'archon-finalize-pr',
  'archon-fix-issue',
  'archon-implement',
  'archon-implement-issue',
  'archon-implement-review-fixes',
  'archon-implement-tasks',
  'archon-investigate-issue',
  'archon-issue-completion-report',
  'archon-parse-user-request',
  'archon-plan-setup',
  'archon-post-review-to-pr',
  'archon-pr-review-scope',
  'archon-ralph-generate',
  'archon-ralph-prd',
  'archon-resolve-merge-conflicts',
  'archon-self-fix-all',
  'archon-simplify-changes',
  'archon-sync-pr-with-main',
  'archon-synthesize-review',
  'archon-test-coverage-agent',
  'archon-validate',
  'archon-validate-pr-code-review-feature',
  'archon-validate-pr-code-review-main',
  'archon-validate-pr-e2e-feature',
  'archon-validate-pr-e2e-main',
  'archon-validate-pr-report',
  'archon-web-research',
  'archon-workflow-summary',
]);

/** Where `with:` means something; elsewhere it draws a parse warning and is ignored. */
export const WITH_KINDS: ReadonlySet<NodeKind> = new Set(['command', 'script', 'include', 'workflow']);

/** Kinds whose session `context.resume` can fork. */
export const SESSION_KINDS: ReadonlySet<NodeKind> = new Set(['command', 'prompt', 'loop']);

/** Capability flags per provider (`capabilities.ts` of each provider), for the fields they govern. */
export const CAPABILITIES: Record<Provider, ReadonlySet<string>> = {
  claude: new Set([
    'sessionFork',
    'mcp',
    'hooks',
    'skills',
    'agents',
    'toolRestrictions',
    'costControl',
    'effortControl',
    'thinkingControl',
    'fallbackModel',
    'sandbox',
    'settingSources',
    'containerExec',
  ]),
  codex: new Set(['mcp', 'effortControl', 'webSearch']),
  opencode: new Set(['agents', 'toolRestrictions']),
  pi: new Set(['sessionFork', 'skills', 'toolRestrictions', 'effortControl', 'thinkingControl']),
  copilot: new Set(['mcp', 'skills', 'agents', 'toolRestrictions', 'effortControl', 'thinkingControl']),
};

/** The capability a node or workflow field needs, and where the engine says so when it is missing. */
export const FIELD_CAPABILITY: ReadonlyArray<{ field: string; capability: string; reported: 'validate' | 'run' }> = [
  { field: 'mcp', capability: 'mcp', reported: 'validate' },
  { field: 'skills', capability: 'skills', reported: 'validate' },
  { field: 'hooks', capability: 'hooks', reported: 'validate' },
  { field: 'agents', capability: 'agents', reported: 'validate' },
  { field: 'allowed_tools', capability: 'toolRestrictions', reported: 'validate' },
  { field: 'denied_tools', capability: 'toolRestrictions', reported: 'validate' },
  { field: 'effort', capability: 'effortControl', reported: 'run' },
  { field: 'thinking', capability: 'thinkingControl', reported: 'run' },
  { field: 'maxBudgetUsd', capability: 'costControl', reported: 'run' },
  { field: 'fallbackModel', capability: 'fallbackModel', reported: 'run' },
  { field: 'sandbox', capability: 'sandbox', reported: 'run' },
  { field: 'settingSources', capability: 'settingSources', reported: 'run' },
  { field: 'webSearchMode', capability: 'webSearch', reported: 'run' },
];

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value);
}

/** Workflow-level fields whose bad values the engine drops with only a log line (§1.3). */
export const DROPPED_WORKFLOW_FIELDS: ReadonlySet<string> = new Set([
  'effort',
  'modelReasoningEffort',
  'webSearchMode',
  'thinking',
  'fallbackModel',
  'betas',
  'sandbox',
  'interactive',
  'worktree',
  'container',
  'mutates_checkout',
  'persist_sessions',
  'tags',
  'requires',
  'inputs',
]);

/** Keys valid only at workflow level (`WORKFLOW_ONLY_KEYS`), for the unknown-key hint on nodes. */
export const WORKFLOW_ONLY_KEYS: ReadonlySet<string> = new Set([
  'name',
  'nodes',
  'steps',
  'webSearchMode',
  'modelReasoningEffort',
  'interactive',
  'worktree',
  'container',
  'evidence_policy',
  'mutates_checkout',
  'persist_sessions',
  'tags',
  'requires',
  'inputs',
  'returns',
  'outcome_field',
]);

/** `INPUTS_<UPPER_SNAKE>`: the environment variable an input or binding name arrives as. */
export function inputEnvKey(name: string): string {
  return `INPUTS_${name.replace(/[^A-Za-z0-9]/g, '_').toUpperCase()}`;
}

export type JoinKind = 'valid' | 'racing' | 'threshold' | 'unknown';

/**
 * What a `fan_out.join` asks for. Threshold joins count successes: `at_least: 2`, `2_of_3`,
 * `majority`, `quorum`, a bare number, `any`/`one_success`, `{min_success: 2}`, ….
 */
export function classifyJoin(value: unknown): JoinKind {
  if (value === 'all_done' || value === 'all_success') return 'valid';
  if (value === 'first_success' || value === 'first_done' || value === 'race') return 'racing';
  if (typeof value === 'number') return 'threshold';
  if (value && typeof value === 'object') {
    return Object.keys(value).some((k) => /least|min|max|threshold|quorum|count|success|of|majority|percent/i.test(k))
      ? 'threshold'
      : 'unknown';
  }
  if (typeof value !== 'string') return 'unknown';
  return /^(at_?least|at_?most|min|threshold|quorum|majority|any|some|one_success|n_of_m|percent)|\d|_of_/i.test(value)
    ? 'threshold'
    : 'unknown';
}
