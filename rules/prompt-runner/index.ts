import type { Rule } from '@flowlint/core';
import * as agentOwnedStructuralEvidenceRequired from './agent-owned-structural-evidence-required.js';
import * as agentOwnedVerifyCommands from './agent-owned-verify-commands.js';
import * as changedPathsOnlyVacuous from './changed-paths-only-vacuous.js';
import * as contractWithoutCommands from './contract-without-commands.js';
import * as duplicatePromptId from './duplicate-prompt-id.js';
import * as inertFrontMatterKey from './inert-front-matter-key.js';
import * as invalidAgentControl from './invalid-agent-control.js';
import * as invalidExecutionPolicy from './invalid-execution-policy.js';
import * as legacyShellCommand from './legacy-shell-command.js';
import * as promptFilenameWithoutPrefix from './prompt-filename-without-prefix.js';
import * as promptIdFilenameMismatch from './prompt-id-filename-mismatch.js';
import * as promptWithoutVerify from './prompt-without-verify.js';
import * as repoGroupInTargets from './repo-group-in-targets.js';
import * as unknownTargetRepo from './unknown-target-repo.js';
import * as unknownVerifyClause from './unknown-verify-clause.js';
import * as unknownVerifyRepo from './unknown-verify-repo.js';
import * as verifyCommandWithoutTimeout from './verify-command-without-timeout.js';

interface RuleModule {
  default: Rule<any>;
  /** The finding kind `flowlint packet lint` prints: Prompt Runner's own for its checks, the rule id for flowlint's. */
  kind: string;
}

/** Prompt Runner's own `packet lint` checks, in its evaluation order. */
const upstream: RuleModule[] = [
  invalidExecutionPolicy,
  invalidAgentControl,
  duplicatePromptId,
  promptFilenameWithoutPrefix,
  promptIdFilenameMismatch,
  repoGroupInTargets,
  unknownTargetRepo,
  promptWithoutVerify,
  unknownVerifyClause,
  contractWithoutCommands,
  legacyShellCommand,
  verifyCommandWithoutTimeout,
  unknownVerifyRepo,
  changedPathsOnlyVacuous,
  agentOwnedVerifyCommands,
  agentOwnedStructuralEvidenceRequired,
  inertFrontMatterKey,
];

/** Checks Prompt Runner's lint does not make (spec §7.3): plan-time, doctor-time and silent hazards. */
const beyond: RuleModule[] = [];

export const promptRunnerRules: readonly Rule<any>[] = [...upstream, ...beyond].map((m) => m.default);

/** Rule id → the kind `flowlint packet lint` reports it as. */
export const promptRunnerKinds: ReadonlyMap<string, string> = new Map([...upstream, ...beyond].map((m) => [m.default.id, m.kind]));

/** The kinds Prompt Runner's own lint emits (the rest are flowlint's). */
export const upstreamKinds: ReadonlySet<string> = new Set(upstream.map((m) => m.kind));
