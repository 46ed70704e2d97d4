export * from './model.js';
export { promptpack } from './dialect.js';
export { schemaChecker, resolveSpecVersion, versionFromSchemaUrl, bundledSpecVersions, newestSpecVersion } from './versions.js';
export { agentCyclesWithoutExit, type AgentCycle } from './analysis.js';
