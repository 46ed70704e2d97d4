import {
  isMap,
  scalarValue,
  type Digraph,
  type Key,
  type Located,
  type Source,
  type Span,
  type Tree,
  type TreeNode,
} from '@orchlint/core';

export type { Located } from '@orchlint/core';

export interface EventEdge {
  event: string;
  key: Key;
  target: Located;
}

export interface ArtifactDef {
  name: string;
  key: Key;
  node: TreeNode | undefined;
  type?: Located;
  mode?: Located;
}

export interface StateModel {
  name: string;
  key: Key;
  node: TreeNode | undefined;
  promptTask?: Located;
  description?: Located;
  onEventNode?: Located<undefined>;
  onEvent: EventEdge[];
  persistence?: Located;
  orchestration?: Located;
  control?: Located;
  composition?: Located;
  terminal?: Located;
  maxVisits?: Located;
  onMaxVisits?: Located;
  artifacts: ArtifactDef[];
}

export interface DeadTransition {
  from: string;
  to: string;
  /** 'event': the on_event of a terminal state; 'max-visits': on_max_visits without max_visits. */
  kind: 'event' | 'max-visits';
  event?: string;
}

export interface BudgetModel {
  node: TreeNode;
  key: Key;
  maxTotalVisits?: Located;
}

export interface WorkflowModel {
  node: TreeNode;
  key: Key;
  version?: Located;
  entry?: Located;
  states: Map<string, StateModel>;
  /** The `states` entry, where findings about the state set as a whole go. */
  statesKey?: Key;
  engine?: Located<undefined>;
  budget?: BudgetModel;
  /**
   * States as nodes; the transitions that can fire as edges: `on_event` (kind 'event') of non-terminal
   * states and `on_max_visits` (kind 'max-visits') of states with `max_visits`, to existing states.
   * Every graph rule reads this one graph.
   */
  graph: Digraph;
  /** Transitions to existing states that can never fire, so are not in `graph`. */
  deadTransitions: DeadTransition[];
  /** `entry` and every `agents.members.*.state` that names a state. */
  entryPoints: string[];
}

export interface PromptModel {
  key: Key;
  node: TreeNode | undefined;
  tools: Located[];
  toolsNode?: TreeNode;
  blocklist: Located[];
  provider?: Located;
  systemTemplate?: Located;
  /** `{{artifacts.<name>}}` references in the system template, each with its span in the file. */
  artifactRefs: TemplateReference[];
  /** Every `validators[].fail_on_violation` entry. */
  failOnViolation: Located[];
  validatorIds: Located[];
  variables: VariableModel[];
}

export interface VariableModel {
  /** The variable's entry in `variables`, where findings about it as a whole go. */
  node: TreeNode;
  name?: Located;
  required?: Located;
  default?: Located;
}

/**
 * A Governance object (RFC 0013/0016): `metadata.governance`, or an agent's, which overrides it by
 * per-field replacement. Only the fields whose ids must resolve are modelled.
 */
export interface GovernanceModel {
  /** "metadata.governance", or "the governance of agent 'x'". */
  owner: string;
  /** The agent key for an agent's governance. */
  agent?: string;
  /** `obligations[].id`, undefined when the object does not declare `obligations` (it inherits). */
  obligationIds?: Located[];
  /** Every `obligations[].controls[]` entry that names a validator or an eval. */
  controls: Array<{ kind: 'validator' | 'eval'; ref: Located }>;
  /** Undefined when the object does not declare `reviews`. */
  reviews?: ReviewModel[];
}

export interface ReviewModel {
  label: string;
  satisfies: Located[];
  eval?: Located;
}

export interface TemplateReference {
  name: string;
  span: Span;
}

export interface ToolModel {
  key: Key;
  node: TreeNode | undefined;
  name?: Located;
}

export interface AgentMember {
  key: Key;
  node: TreeNode | undefined;
  state?: Located;
}

export interface AgentsModel {
  node: TreeNode;
  key: Key;
  entry?: Located;
  members: Map<string, AgentMember>;
}

export interface StepModel {
  id?: Located;
  /** How findings name the step: `step 'classify'`, else by position (`step #2`, `branch #1 of step 'fan'`). */
  label: string;
  kind?: Located;
  node: TreeNode;
  promptTask?: Located;
  tool?: Located;
  tools: Located[];
  provider?: Located;
  then?: Located;
  else?: Located;
  dependsOn: Located[];
  evalRefs: Located[];
  /** A parallel step's branches, each a step of its own. */
  branches: StepModel[];
  termination?: Located<undefined>;
  reduce?: Located<undefined>;
  predicate?: Located<undefined>;
  outputSchema?: Located;
  /** `${...}` references in the step's input, args and predicate, with their spans. */
  references: StepReference[];
}

export interface StepReference {
  /** The whole path inside `${…}`, e.g. `classify.output.type`. */
  path: string;
  /** Its first segment: `input` or a step id. */
  root: string;
  span: Span;
}

export interface CompositionModel {
  key: Key;
  node: TreeNode | undefined;
  version?: Located;
  output?: Located;
  steps: StepModel[];
}

export interface ProviderRequirement {
  node: TreeNode;
  key: Key;
  role?: string;
  optional: boolean;
}

export interface PackModel {
  source: Source;
  tree: Tree;
  root: TreeNode;
  /** The bundled spec schema version this pack is checked against. */
  specVersion: string;
  /** Why that version: the `$schema` value node, when the pack declares one. */
  schemaRef?: Located;
  prompts: Map<string, PromptModel>;
  promptsKey?: Key;
  tools: Map<string, ToolModel>;
  workflow?: WorkflowModel;
  agents?: AgentsModel;
  compositions: Map<string, CompositionModel>;
  providers: ProviderRequirement[];
  evalIds: Set<string>;
  /** Ids of the evals declared on prompts (`prompts.*.evals[].id`). */
  promptEvalIds: Set<string>;
  governance: GovernanceModel[];
  /** Every `extensions` bag the pack declares, with the object it annotates. */
  extensions: ExtensionsBag[];
}

/** An RFC 0016 `extensions` object: orchlint reads its keys and never looks inside their values. */
export interface ExtensionsBag {
  /** The annotated object, as people say it: "prompt 'triage'", "state 'review'". */
  owner: string;
  node: TreeNode;
  keys: Key[];
}

/** An absent `control` is exactly `control: user` (RFC 0014): never distinguish the two. */
export function effectiveControl(state: StateModel): 'user' | 'agent' {
  return state.control?.value === 'agent' ? 'agent' : 'user';
}

/**
 * Whether the agent keeps the turn in this state (RFC 0014): `control: agent`, and not
 * `orchestration: external`, where an external system drives the transitions and `control` is inert.
 */
export function agentHeld(state: StateModel): boolean {
  return effectiveControl(state) === 'agent' && state.orchestration?.value !== 'external';
}

export function isTerminal(state: StateModel): boolean {
  return state.terminal?.value === true;
}

export function hasMaxVisits(state: StateModel): boolean {
  return typeof state.maxVisits?.value === 'number';
}

export function isMapping(node: TreeNode | undefined): boolean {
  return isMap(node);
}

export { scalarValue };
