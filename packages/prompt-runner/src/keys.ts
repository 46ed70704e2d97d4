import { atLeast } from './versions.js';

/** The provider options a manifest or a prompt may set (`Packet.merged_options/2`, `llm_override/1`). */
const PROVIDER_OPTIONS = [
  'provider',
  'model',
  'reasoning_effort',
  'permission_mode',
  'allowed_tools',
  'sdk_opts',
  'adapter_opts',
  'claude_opts',
  'codex_opts',
  'codex_thread_opts',
  'amp_opts',
  'cursor_opts',
  'antigravity_opts',
  'cli_confirmation',
  'timeout',
  'system_prompt',
  'append_system_prompt',
  'max_turns',
];

/**
 * The manifest keys the runner reads: `Packet.build_packet/5` and the `Packet.merged_options/2`
 * whitelist; 0.13 adds `execution`. Any other key is dropped without a word.
 */
export function manifestKeys(version: string): readonly string[] {
  return [
    'name',
    'profile',
    'prompt_dir',
    'repos',
    'phases',
    'prompt_template',
    ...PROVIDER_OPTIONS,
    'log_mode',
    'log_meta',
    'events_mode',
    'tool_output',
    'thinking',
    'diff',
    'recovery',
    'agent_control',
    ...(atLeast(version, '0.13.0') ? ['execution'] : []),
  ];
}

/**
 * The prompt front-matter keys the runner reads (`DirectorySource.build_prompt/1`, its provider
 * overrides, `simulate` and the prompt-level `recovery`), the same in 0.12.1 and 0.13.0.
 */
export const PROMPT_KEYS: readonly string[] = [
  'id',
  'num',
  'phase',
  'sp',
  'name',
  'commit',
  'template',
  'targets',
  'references',
  'required_reading',
  'context_files',
  'depends_on',
  'validation',
  'verify',
  'simulate',
  'recovery',
  ...PROVIDER_OPTIONS,
];

/**
 * Keys written the way the run options are named (`--retry-attempts`, `--auto-repair`, …, since 0.7 the
 * `prompt_runner run` flags and `packet new` options), which the manifest and the front matter never read:
 * the same settings live under `recovery:` (`RecoveryConfig.normalize/1`). Each with its spelling there.
 */
export const OPTION_SPELLINGS: Readonly<Record<string, string>> = {
  retry_attempts: 'recovery: {retry: {max_attempts: N}}',
  retry_base_delay_ms: 'recovery: {retry: {base_delay_ms: N}}',
  retry_max_delay_ms: 'recovery: {retry: {max_delay_ms: N}}',
  retry_jitter: 'recovery: {retry: {jitter: true}}',
  auto_repair: 'recovery: {repair: {enabled: true}}',
  repair_attempts: 'recovery: {repair: {max_attempts: N}}',
  resume_attempts: 'recovery: {resume_attempts: N}',
};

/** What `RecoveryConfig.normalize/1` reads: numbers (non-negative integers) and booleans, by path. */
export const RECOVERY_NUMBERS: readonly string[][] = [
  ['resume_attempts'],
  ['max_steers'],
  ['retry', 'max_attempts'],
  ['retry', 'base_delay_ms'],
  ['retry', 'max_delay_ms'],
  ['repair', 'max_attempts'],
];
export const RECOVERY_BOOLEANS: readonly string[][] = [
  ['retry', 'jitter'],
  ['repair', 'enabled'],
  ['repair', 'trigger_on_nominal_success_with_failed_verifier'],
  ['repair', 'trigger_on_provider_failure_with_workspace_changes'],
  ['repair', 'trigger_on_retry_exhaustion_with_workspace_changes'],
];
/** The failure classes `retry.class_attempts` has defaults for. */
export const RECOVERY_CLASSES: readonly string[] = [
  'provider_capacity',
  'provider_rate_limit',
  'provider_auth_claim',
  'provider_config_claim',
  'provider_runtime_claim',
  'transport_disconnect',
  'transport_timeout',
  'protocol_error',
  'unknown',
];
