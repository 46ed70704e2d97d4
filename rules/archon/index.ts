import type { Rule } from '@orchlint/core';
import { isStubFixture, type ArchonUnit, type WorkflowModel } from '@orchlint/archon';
import aiFieldIgnored from './ai-field-ignored.js';
import approvalDecisions from './approval-decisions.js';
import approvalDeprecated from './approval-deprecated.js';
import bashDoubleQuotedRef from './bash-double-quoted-ref.js';
import capabilityMismatch from './capability-mismatch.js';
import commandNotFound from './command-not-found.js';
import contextResume from './context-resume.js';
import dependencyCycle from './dependency-cycle.js';
import droppedValue from './dropped-value.js';
import duplicateNodeId from './duplicate-node-id.js';
import duplicateWorkflowName from './duplicate-workflow-name.js';
import emptyCommand from './empty-command.js';
import dynamicInclude from './dynamic-include.js';
import envKeyCollision from './env-key-collision.js';
import fanOut from './fan-out.js';
import fixtureExpectation from './fixture-expectation.js';
import fanOutTarget from './fan-out-target.js';
import includeInputs from './include-inputs.js';
import includeTarget from './include-target.js';
import includeWhen from './include-when.js';
import inputUndeclared from './input-undeclared.js';
import inputRequiredWithDefault from './input-required-with-default.js';
import legacySteps from './legacy-steps.js';
import packagedWorkflow from './packaged-workflow.js';
import undiscoveredWorkflow from './undiscovered-workflow.js';
import loopConfig from './loop-config.js';
import loopInteractiveDeprecated from './loop-interactive-deprecated.js';
import mcpConfig from './mcp-config.js';
import modelReasoningEffort from './model-reasoning-effort.js';
import nodeKind from './node-kind.js';
import outputFieldNotJson from './output-field-not-json.js';
import outputFieldUndeclared from './output-field-undeclared.js';
import pauseWithoutInteractive from './pause-without-interactive.js';
import providerOverridden from './provider-overridden.js';
import racingJoin from './racing-join.js';
import refNotUpstream from './ref-not-upstream.js';
import renamedTool from './renamed-tool.js';
import retryUnsupported from './retry-unsupported.js';
import returns from './returns.js';
import runVariable from './run-variable.js';
import schema from './schema.js';
import scriptDepsIgnored from './script-deps-ignored.js';
import scriptOutputRef from './script-output-ref.js';
import signalCompletesWithoutInteractive from './signal-completes-without-interactive.js';
import stubFixture from './stub-fixture.js';
import stubFixturePlacement from './stub-fixture-placement.js';
import skippedJoin from './skipped-join.js';
import templating from './templating.js';
import thresholdJoin from './threshold-join.js';
import unknownDependency from './unknown-dependency.js';
import unknownKey from './unknown-key.js';
import unknownModelAlias from './unknown-model-alias.js';
import unknownNodeRef from './unknown-node-ref.js';
import unknownTool from './unknown-tool.js';
import untilWhitespace from './until-whitespace.js';
import variableScope from './variable-scope.js';
import whenComputation from './when-computation.js';
import whenFreeFormOutput from './when-free-form-output.js';
import whenGrouping from './when-grouping.js';
import whenLoopPrev from './when-loop-prev.js';
import whenNumericLiteral from './when-numeric-literal.js';
import whenSyntax from './when-syntax.js';
import withBinding from './with-binding.js';
import withIgnored from './with-ignored.js';
import workflowInLoopGroup from './workflow-in-loop-group.js';
import optionInjection from './option-injection.js';
import scriptInjection from './script-injection.js';
import secondOrderSubstitution from './second-order-substitution.js';
import shellInjection from './shell-injection.js';
import excessiveAgency from './excessive-agency.js';
import hardcodedSecret from './hardcoded-secret.js';
import unpinnedCode from './unpinned-code.js';
import shellcheck from './shellcheck.js';
import workflowOnlyField from './workflow-only-field.js';
import workflowFileOverride from './workflow-file-override.js';

const workflowRules: readonly Rule<WorkflowModel>[] = [
  packagedWorkflow,
  undiscoveredWorkflow,
  aiFieldIgnored,
  approvalDecisions,
  approvalDeprecated,
  bashDoubleQuotedRef,
  capabilityMismatch,
  commandNotFound,
  contextResume,
  dependencyCycle,
  droppedValue,
  duplicateNodeId,
  duplicateWorkflowName,
  emptyCommand,
  dynamicInclude,
  envKeyCollision,
  fanOut,
  fanOutTarget,
  includeInputs,
  includeTarget,
  includeWhen,
  inputRequiredWithDefault,
  inputUndeclared,
  legacySteps,
  loopConfig,
  loopInteractiveDeprecated,
  mcpConfig,
  modelReasoningEffort,
  nodeKind,
  outputFieldNotJson,
  outputFieldUndeclared,
  pauseWithoutInteractive,
  providerOverridden,
  racingJoin,
  refNotUpstream,
  renamedTool,
  retryUnsupported,
  returns,
  runVariable,
  schema,
  scriptDepsIgnored,
  scriptOutputRef,
  signalCompletesWithoutInteractive,
  skippedJoin,
  templating,
  thresholdJoin,
  unknownDependency,
  unknownKey,
  unknownModelAlias,
  unknownNodeRef,
  unknownTool,
  untilWhitespace,
  variableScope,
  whenComputation,
  whenFreeFormOutput,
  whenGrouping,
  whenLoopPrev,
  whenNumericLiteral,
  whenSyntax,
  withBinding,
  withIgnored,
  workflowInLoopGroup,
  workflowOnlyField,
  workflowFileOverride,
  optionInjection,
  scriptInjection,
  secondOrderSubstitution,
  shellInjection,
  excessiveAgency,
  hardcodedSecret,
  unpinnedCode,
  shellcheck,
];

/** A stub fixture is not a workflow: workflow rules skip it, and only the stub rule reads it. */
function onWorkflows(rule: Rule<WorkflowModel>): Rule<ArchonUnit> {
  return {
    ...rule,
    check: (model, report, context) => (isStubFixture(model) ? undefined : rule.check(model, report, context)),
  };
}

export const archonRules: readonly Rule<any>[] = [
  ...workflowRules.map(onWorkflows),
  stubFixture,
  stubFixturePlacement,
  fixtureExpectation,
];
