import type { Rule } from '@orchlint/core';
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

import * as dependsOnUnknown from './depends-on-unknown.js';
import * as unknownKey from './unknown-key.js';
import * as promptDirMissing from './prompt-dir-missing.js';
import * as noPrompts from './no-prompts.js';
import * as promptNoTargets from './prompt-no-targets.js';
import * as placeholderBody from './placeholder-body.js';
import * as targetsNotAList from './targets-not-a-list.js';
import * as vacuousContentEntry from './vacuous-content-entry.js';
import * as entryWithoutPath from './entry-without-path.js';
import * as commandArgsNotList from './command-args-not-list.js';
import * as repoReferenceInPath from './repo-reference-in-path.js';
import * as recoveryValue from './recovery-value.js';
import * as phaseKey from './phase-key.js';
import * as executionIgnored from './execution-ignored.js';
import * as workspaceContainment from './workspace-containment.js';
import * as dependsOnNotNormalized from './depends-on-not-normalized.js';
import * as dependsOnCycle from './depends-on-cycle.js';
import * as frontMatterUnparsed from './front-matter-unparsed.js';
import * as frontMatterLineEndings from './front-matter-line-endings.js';
import * as promptIdNotNumeric from './prompt-id-not-numeric.js';
import * as commandWithoutProgram from './command-without-program.js';
import * as commandUnknownKey from './command-unknown-key.js';
import * as unknownRepoReference from './unknown-repo-reference.js';
import * as unknownRepoPathPrefix from './unknown-repo-path-prefix.js';
import * as bareStringEntry from './bare-string-entry.js';
import * as sourceAbsentWithoutPattern from './source-absent-without-pattern.js';
import * as invalidRegex from './invalid-regex.js';
import * as faultExitCodeRange from './fault-exit-code-range.js';
import * as providerOptionValue from './provider-option-value.js';
import * as repoDefinition from './repo-definition.js';
import * as defaultRepo from './default-repo.js';
import * as workspaceManifest from './workspace-manifest.js';
import * as workspaceVersionRequirement from './workspace-version-requirement.js';
import * as workspaceCapability from './workspace-capability.js';
import * as agentControlWorkspaceRequirement from './agent-control-workspace-requirement.js';
import * as workspacePacketRepos from './workspace-packet-repos.js';
import * as excessiveAgency from './excessive-agency.js';
import * as hardcodedSecret from './hardcoded-secret.js';
import * as unpinnedCode from './unpinned-code.js';
import * as shellcheck from './shellcheck.js';
import * as execRepoKey from './exec-repo-key.js';
import * as artifactReference from './artifact-reference.js';
import * as failurePolicy from './failure-policy.js';
import * as workspacePacketBinding from './workspace-packet-binding.js';
import * as simulateBlock from './simulate-block.js';
import * as markdownFallback from './markdown-fallback.js';
import * as emptyFrontMatter from './empty-front-matter.js';

interface RuleModule {
  default: Rule<any>;
  /** The finding kind `orchlint packet lint` prints: Prompt Runner's own for its checks, the rule id for orchlint's. */
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
const beyond: RuleModule[] = [
  dependsOnUnknown,
  dependsOnNotNormalized,
  dependsOnCycle,
  frontMatterUnparsed,
  frontMatterLineEndings,
  promptIdNotNumeric,
  commandWithoutProgram,
  commandUnknownKey,
  unknownRepoReference,
  unknownRepoPathPrefix,
  bareStringEntry,
  sourceAbsentWithoutPattern,
  invalidRegex,
  faultExitCodeRange,
  providerOptionValue,
  repoDefinition,
  defaultRepo,
  workspaceManifest,
  workspaceVersionRequirement,
  workspaceCapability,
  agentControlWorkspaceRequirement,
  workspacePacketRepos,
  unknownKey,
  promptDirMissing,
  noPrompts,
  promptNoTargets,
  placeholderBody,
  targetsNotAList,
  vacuousContentEntry,
  entryWithoutPath,
  commandArgsNotList,
  repoReferenceInPath,
  recoveryValue,
  phaseKey,
  executionIgnored,
  workspaceContainment,
  excessiveAgency,
  hardcodedSecret,
  unpinnedCode,
  shellcheck,
  execRepoKey,
  artifactReference,
  failurePolicy,
  workspacePacketBinding,
  simulateBlock,
  markdownFallback,
  emptyFrontMatter,
];

export const promptRunnerRules: readonly Rule<any>[] = [...upstream, ...beyond].map((m) => m.default);

/** Rule id → the kind `orchlint packet lint` reports it as. */
export const promptRunnerKinds: ReadonlyMap<string, string> = new Map(
  [...upstream, ...beyond].map((m) => [m.default.id, m.kind]),
);

/** The kinds Prompt Runner's own lint emits (the rest are orchlint's). */
export const upstreamKinds: ReadonlySet<string> = new Set(upstream.map((m) => m.kind));
