export * from './model.js';
export { archon } from './dialect.js';
export {
  parseWhen,
  COMPARISONS,
  type WhenAtom,
  type WhenCondition,
  type WhenRef,
  type WhenLiteral,
  type WhenProblem,
  type WhenProblemKind,
  type Comparison,
} from './when.js';
export { ScalarText } from '@orchlint/core';
export { schemaChecker, schemaFor, resolveVersion, DEFAULT_VERSION } from './versions.js';
export { includeFailure, isStaticName, INCLUDE_MAX_DEPTH, BUNDLED_WORKFLOWS } from './includes.js';
export { includesExpandingTo } from './expansion.js';
export { archonProjectRoot } from './project.js';
export { nameLine } from './discovery.js';
export { schemaFindings, type ClassifiedFinding, type EngineReaction } from './schema-findings.js';
export * from './facts.js';
export * from './claude-tools.js';
export * from './pi-tools.js';
export { loaderCheckedBindingRefs, nodeReferences, type NodeReference } from './node-refs.js';
export { providerChoice } from './provider-words.js';
export { literalOutput } from './literal-output.js';
export { whenFindings, type WhenFinding } from './when-findings.js';
export {
  includeContract,
  includeWhenConflicts,
  type IncludeContract,
  type IncludeWhenConflicts,
} from './include-checks.js';
export { flattenWorkflow, type FlatNode, type FlatWorkflow, type DryRunNodeType } from './flat-workflow.js';
export * from './dry-run.js';
export { readStubFile, RESERVED_FIXTURE_KEYS, type StubFile, type FixtureExpectations } from './stub-file.js';
export { packageFixtures } from './dialect.js';
export {
  workflowCoverage,
  workflowFixtureCoverage,
  type WorkflowCoverage,
  type NodeCoverage,
  type EdgeCoverage,
} from './coverage.js';
export { viewId as graphNodeId } from './services.js';
export {
  shellFlows,
  untrustedPrompt,
  scriptFlows,
  secondOrderFlows,
  fieldBound,
  OPTION_PROGRAMS,
  type ShellFlow,
  type ShellSink,
  type ScriptFlow,
  type SecondOrderFlow,
  type TaintSource,
} from './taint.js';
