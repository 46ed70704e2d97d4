import type { Rule } from '@orchlint/core';
import schema from './schema.js';
import schemaVersion from './schema-version.js';
import agentCycleWithoutExit from './agent-cycle-without-exit.js';
import agentDelegatesToItself from './agent-delegates-to-itself.js';
import agentDelegatesToNonMember from './agent-delegates-to-non-member.js';
import agentStateRef from './agent-state-ref.js';
import agentsEntryNotMember from './agents-entry-not-member.js';
import agentsPromptRef from './agents-prompt-ref.js';
import artifactConflict from './artifact-conflict.js';
import artifactTemplateRef from './artifact-template-ref.js';
import budgetCoherence from './budget-coherence.js';
import compositionCycle from './composition-cycle.js';
import compositionEvalRef from './composition-eval-ref.js';
import compositionInputRef from './composition-input-ref.js';
import compositionJoinHint from './composition-join-hint.js';
import compositionPromptRef from './composition-prompt-ref.js';
import compositionReservedName from './composition-reserved-name.js';
import compositionStepIdUnique from './composition-step-id-unique.js';
import compositionStepRef from './composition-step-ref.js';
import compositionUnreferenced from './composition-unreferenced.js';
import controlAgentOnTerminal from './control-agent-on-terminal.js';
import controlOnExternal from './control-on-external.js';
import cycle from './cycle.js';
import deadEndState from './dead-end-state.js';
import eventPascalCase from './event-pascal-case.js';
import extensionsNamespace from './extensions-namespace.js';
import failOnViolation from './fail-on-violation.js';
import governanceRef from './governance-ref.js';
import maxVisitsChain from './max-visits-chain.js';
import noTerminalReachable from './no-terminal-reachable.js';
import onEventTarget from './on-event-target.js';
import onMaxVisitsTarget from './on-max-visits-target.js';
import onMaxVisitsWithoutMaxVisits from './on-max-visits-without-max-visits.js';
import providerKeyDuplicate from './provider-key-duplicate.js';
import providerOptionalRef from './provider-optional-ref.js';
import providerRef from './provider-ref.js';
import providerRole from './provider-role.js';
import runtimePortability from './runtime-portability.js';
import engineKeyIgnored from './engine-key-ignored.js';
import stateComposition from './state-composition.js';
import statePromptTask from './state-prompt-task.js';
import terminalWithTransitions from './terminal-with-transitions.js';
import toolKeyName from './tool-key-name.js';
import toolRef from './tool-ref.js';
import unreachableState from './unreachable-state.js';
import validatorIdUnique from './validator-id-unique.js';
import variableDefaultRequired from './variable-default-required.js';
import workflowEntry from './workflow-entry.js';
import workflowVersion from './workflow-version.js';
import hardcodedSecret from './hardcoded-secret.js';
import irreversibleToolWithoutApproval from './irreversible-tool-without-approval.js';
import agentStatePrompt from './agent-state-prompt.js';
import blocklistRef from './blocklist-ref.js';
import controlLevel from './control-level.js';
import providerRouting from './provider-routing.js';
import statePersistence from './state-persistence.js';

export const promptpackRules: readonly Rule<any>[] = [
  schema,
  schemaVersion,
  agentCycleWithoutExit,
  agentDelegatesToItself,
  agentDelegatesToNonMember,
  agentStateRef,
  agentsEntryNotMember,
  agentsPromptRef,
  artifactConflict,
  artifactTemplateRef,
  budgetCoherence,
  compositionCycle,
  compositionEvalRef,
  compositionInputRef,
  compositionJoinHint,
  compositionPromptRef,
  compositionReservedName,
  compositionStepIdUnique,
  compositionStepRef,
  compositionUnreferenced,
  controlAgentOnTerminal,
  controlOnExternal,
  cycle,
  deadEndState,
  eventPascalCase,
  extensionsNamespace,
  failOnViolation,
  governanceRef,
  maxVisitsChain,
  noTerminalReachable,
  onEventTarget,
  onMaxVisitsTarget,
  onMaxVisitsWithoutMaxVisits,
  providerKeyDuplicate,
  providerOptionalRef,
  providerRef,
  providerRole,
  runtimePortability,
  engineKeyIgnored,
  stateComposition,
  statePromptTask,
  terminalWithTransitions,
  toolKeyName,
  toolRef,
  unreachableState,
  validatorIdUnique,
  variableDefaultRequired,
  workflowEntry,
  workflowVersion,
  hardcodedSecret,
  irreversibleToolWithoutApproval,
  agentStatePrompt,
  blocklistRef,
  controlLevel,
  providerRouting,
  statePersistence,
];
