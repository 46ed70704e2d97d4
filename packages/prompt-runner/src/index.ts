export * from './model.js';
export { promptRunner } from './dialect.js';
export { MANIFEST, promptFiles } from './packet.js';
export { knownClauses, lastClause } from './contract.js';
export { knowsRepos, repoReferences, unknownRepoReferences, PATH_CLAUSES, type RepoReference } from './references.js';
export {
  manifestKeys,
  OPTION_SPELLINGS,
  PROMPT_KEYS,
  RECOVERY_NUMBERS,
  RECOVERY_BOOLEANS,
  RECOVERY_CLASSES,
} from './keys.js';
export {
  inspect,
  termOf,
  isIntegerScalar,
  toElixirString,
  compareBytes,
  atom,
  tuple,
  type Term,
  Atom,
  Tuple,
  EMap,
  EFloat,
} from './elixir.js';
export { manifestLoadError, readMarkdown, type MarkdownFile } from './front-matter.js';
export { WORKSPACE_SCHEMA } from './workspace.js';
export {
  DEFAULT_VERSION,
  atLeast,
  explicitVersion,
  isModelledRelease,
  promptRunnerTarget,
  versionText,
  capabilitiesOf,
  releaseWithCapability,
  RELEASE_CAPABILITIES,
  parseRequirement,
  lowestRelease,
  parseVersion,
  compareVersions,
  type Version,
} from './versions.js';
export { normalizeId } from './prompt.js';
export { isTimeoutWrapped, migrateLegacyCommand, type Migration } from './legacy-command.js';
export { regexProblem } from './pcre.js';
export { planPacket, type PacketPlan, type PlannedPrompt, type PromptSelection } from './order.js';
export { commandShell, type CommandShell } from './command-shell.js';
export { LOADS_BUT } from './loads-but.js';
