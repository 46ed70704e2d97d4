export * from './model.js';
export { promptpack } from './dialect.js';
export {
  schemaChecker,
  specSchema,
  specSchemaFindings,
  promptkitSchemaChecker,
  resolveSpecVersion,
  versionFromSchemaUrl,
  bundledSpecVersions,
  newestSpecVersion,
  publishedSpecVersions,
  isPublishedSpecVersion,
  PROMPTKIT_RUNTIME,
  promptpackTargets,
} from './versions.js';
export {
  agentCyclesWithoutExit,
  cycleStates,
  delegationsToNonMembers,
  providerReferences,
  reachableStates,
  unboundedCycles,
  forcedExitCycles,
  type AgentCycle,
  type ProviderReference,
} from './analysis.js';
export { stepGraph, stepCycles, isPriorStep, type PlacedStep, type StepGraph } from './composition.js';
export { stringOf, nameList, suggestion } from './names.js';
export { packOutline, packReferenceSlots } from './outline.js';
export { tracePack, eventsOfText, type PackTrace, type PackStep, type PackEnd, type Turn } from './trace.js';
export {
  packCoverage,
  packEventFixtures,
  packFixtureCoverage,
  type PackCoverage,
  type TransitionCoverage,
} from './coverage.js';
