import {
  createDigraph,
  isMap,
  keyOf,
  scalarValue,
  stringValue,
  type Entry,
  type Key,
  type Source,
  type Tree,
  type TreeNode,
} from '@orchlint/core';
import { hasMaxVisits, isTerminal } from './model.js';
import type {
  AgentsModel,
  DeadTransition,
  ArtifactDef,
  CompositionModel,
  EventEdge,
  ExtensionsBag,
  GovernanceModel,
  Located,
  PackModel,
  PromptModel,
  ProviderRequirement,
  StateModel,
  StepModel,
  TemplateReference,
  ToolModel,
  WorkflowModel,
} from './model.js';

/** Builds the typed pack model from the located tree in one walk over the fields orchlint reads. */
export function buildPack(tree: Tree, source: Source, root: TreeNode, specVersion: string): PackModel {
  const at = (node: TreeNode | undefined, key: string) => locatedAt(tree, node, key);
  const block = (node: TreeNode | undefined, key: string) => blockAt(tree, node, key);
  const list = (node: TreeNode | undefined): Located[] =>
    tree.items(node).map((n) => ({ value: scalarValue(n), node: n }));
  const extensions: ExtensionsBag[] = [];
  const collectExtensions = (node: TreeNode | undefined, owner: string): void => {
    const bag = tree.get(node, 'extensions');
    if (!isMap(bag)) return;
    extensions.push({ owner, node: bag, keys: tree.entries(bag).map(keyOf) });
  };

  const prompts = new Map<string, PromptModel>();
  for (const e of tree.entries(tree.get(root, 'prompts'))) {
    const validators = tree.items(tree.get(e.value, 'validators'));
    const toolPolicy = tree.get(e.value, 'tool_policy');
    const systemTemplate = at(e.value, 'system_template');
    collectExtensions(e.value, `prompt '${e.key}'`);
    validators.forEach((v, i) => collectExtensions(v, `validator ${i + 1} of prompt '${e.key}'`));
    prompts.set(e.key, {
      key: keyOf(e),
      node: e.value,
      tools: list(tree.get(e.value, 'tools')),
      toolsNode: tree.get(e.value, 'tools'),
      blocklist: list(tree.get(toolPolicy, 'blocklist')),
      provider: at(e.value, 'provider'),
      systemTemplate,
      artifactRefs: typeof systemTemplate?.value === 'string' ? artifactReferences(source, systemTemplate.node) : [],
      failOnViolation: validators.map((v) => at(v, 'fail_on_violation')).filter(isDefined),
      validatorIds: validators.map((v) => at(v, 'id')).filter(isDefined),
      variables: tree.items(tree.get(e.value, 'variables')).map((v) => ({
        node: v,
        name: at(v, 'name'),
        required: at(v, 'required'),
        default: at(v, 'default'),
      })),
    });
  }

  const tools = new Map<string, ToolModel>();
  for (const e of tree.entries(tree.get(root, 'tools'))) {
    tools.set(e.key, { key: keyOf(e), node: e.value, name: at(e.value, 'name') });
    collectExtensions(e.value, `tool '${e.key}'`);
    collectExtensions(tree.get(e.value, 'action_scope'), `the action_scope of tool '${e.key}'`);
  }

  const agentsEntry = tree.entry(root, 'agents');
  let agents: AgentsModel | undefined;
  if (agentsEntry?.value) {
    const members = new Map<string, AgentsModel['members'] extends Map<string, infer V> ? V : never>();
    for (const m of tree.entries(tree.get(agentsEntry.value, 'members'))) {
      members.set(m.key, { key: keyOf(m), node: m.value, state: at(m.value, 'state') });
      collectExtensions(m.value, `agent '${m.key}'`);
      collectExtensions(tree.get(m.value, 'governance'), `the governance of agent '${m.key}'`);
    }
    agents = { node: agentsEntry.value, key: keyOf(agentsEntry), entry: at(agentsEntry.value, 'entry'), members };
  }

  const compositions = new Map<string, CompositionModel>();
  for (const e of tree.entries(tree.get(root, 'compositions'))) {
    collectExtensions(e.value, `composition '${e.key}'`);
    compositions.set(e.key, {
      key: keyOf(e),
      node: e.value,
      version: at(e.value, 'version'),
      output: at(e.value, 'output'),
      steps: tree
        .items(tree.get(e.value, 'steps'))
        .map((n, i) => buildStep(tree, source, n, at, block, list, `step #${i + 1}`)),
    });
  }

  const providers: ProviderRequirement[] = [];
  for (const n of tree.items(tree.get(tree.get(root, 'requires'), 'providers'))) {
    const key = typeof scalarValue(n) === 'string' ? String(scalarValue(n)) : stringValue(tree.get(n, 'key'));
    if (key === undefined) continue;
    providers.push({
      key: { value: key, node: tree.entry(n, 'key')?.value ?? n },
      node: n,
      role: stringValue(tree.get(n, 'role')),
      optional: scalarValue(tree.get(n, 'required')) === false,
    });
  }

  const evalIds = new Set<string>();
  // An eval without an id is named by its place in the list.
  const evalLabel = (n: TreeNode, i: number) => {
    const id = stringValue(tree.get(n, 'id'));
    return id === undefined ? `eval #${i + 1}` : `eval '${id}'`;
  };
  tree.items(tree.get(root, 'evals')).forEach((n, i) => {
    const id = stringValue(tree.get(n, 'id'));
    if (id) evalIds.add(id);
    collectExtensions(n, evalLabel(n, i));
  });
  const promptEvalIds = new Set<string>();
  for (const p of tree.entries(tree.get(root, 'prompts'))) {
    tree.items(tree.get(p.value, 'evals')).forEach((n, i) => {
      const id = stringValue(tree.get(n, 'id'));
      if (id) promptEvalIds.add(id);
      collectExtensions(n, `${evalLabel(n, i)} of prompt '${p.key}'`);
    });
  }
  const governanceOf = (node: TreeNode | undefined, owner: string, agent?: string): GovernanceModel[] => {
    if (!isMap(node)) return [];
    const obligations = tree.entry(node, 'obligations')?.value;
    const reviews = tree.entry(node, 'reviews')?.value;
    return [
      {
        owner,
        agent,
        obligationIds: obligations
          ? tree
              .items(obligations)
              .map((o) => at(o, 'id'))
              .filter(isDefined)
          : undefined,
        controls: tree.items(obligations).flatMap((o) =>
          tree.items(tree.get(o, 'controls')).flatMap((c) =>
            (['validator', 'eval'] as const).flatMap((kind) => {
              const ref = at(c, kind);
              return ref ? [{ kind, ref }] : [];
            }),
          ),
        ),
        reviews: reviews
          ? tree.items(reviews).map((r, i) => {
              const id = stringValue(tree.get(r, 'id'));
              return {
                label: id === undefined ? `review #${i + 1}` : `review '${id}'`,
                satisfies: list(tree.get(r, 'satisfies')),
                eval: at(r, 'eval'),
              };
            })
          : undefined,
      },
    ];
  };
  const governance = [
    ...governanceOf(tree.get(tree.get(root, 'metadata'), 'governance'), 'metadata.governance'),
    ...tree
      .entries(tree.get(agentsEntry?.value, 'members'))
      .flatMap((m) => governanceOf(tree.get(m.value, 'governance'), `the governance of agent '${m.key}'`, m.key)),
  ];
  collectExtensions(tree.get(tree.get(root, 'metadata'), 'governance'), 'metadata.governance');

  const schemaEntry = tree.entry(root, '$schema');
  const promptsEntry = tree.entry(root, 'prompts');
  const pack: PackModel = {
    source,
    tree,
    root,
    specVersion,
    schemaRef: schemaEntry?.value
      ? { value: scalarValue(schemaEntry.value), node: schemaEntry.value, key: keyOf(schemaEntry) }
      : undefined,
    prompts,
    promptsKey: promptsEntry && keyOf(promptsEntry),
    tools,
    agents,
    compositions,
    providers,
    evalIds,
    promptEvalIds,
    governance,
    extensions,
  };
  const workflowEntry = tree.entry(root, 'workflow');
  if (workflowEntry?.value && isMap(workflowEntry.value)) {
    pack.workflow = buildWorkflow(tree, workflowEntry, pack, at, block);
    for (const state of pack.workflow.states.values()) collectExtensions(state.node, `state '${state.name}'`);
  }
  return pack;
}

type At = (node: TreeNode | undefined, key: string) => Located | undefined;
type Block = (node: TreeNode | undefined, key: string) => Located<undefined> | undefined;

type EdgeAttributes = Readonly<{ kind: 'event'; event: string } | { kind: 'max-visits' }>;
const NO_ATTRIBUTES = Object.freeze({});
const MAX_VISITS_EDGE: EdgeAttributes = Object.freeze({ kind: 'max-visits' });

/** A mapping entry's value, located with its key; undefined when the key is missing or has no value. */
function locatedAt(tree: Tree, node: TreeNode | undefined, key: string): Located | undefined {
  const e = tree.entry(node, key);
  return e?.value ? { value: scalarValue(e.value), node: e.value, key: keyOf(e) } : undefined;
}

/** The same for a collection's entry, whose value is not read. */
function blockAt(tree: Tree, node: TreeNode | undefined, key: string): Located<undefined> | undefined {
  const e = tree.entry(node, key);
  return e?.value ? { value: undefined, node: e.value, key: keyOf(e) } : undefined;
}

/**
 * A state whose fields are read from its mapping each time they are asked for, not kept: a big
 * workflow has hundreds of thousands of states, and kept they held 180 MB of a 20 MB pack's model.
 * Each read is a lookup in a mapping of a few keys.
 */
class StateInTree implements StateModel {
  readonly #tree: Tree;
  constructor(
    tree: Tree,
    readonly name: string,
    readonly key: Key,
    readonly node: TreeNode | undefined,
  ) {
    this.#tree = tree;
  }
  get promptTask() {
    return locatedAt(this.#tree, this.node, 'prompt_task');
  }
  get description() {
    return locatedAt(this.#tree, this.node, 'description');
  }
  get onEventNode() {
    return blockAt(this.#tree, this.node, 'on_event');
  }
  get onEvent(): EventEdge[] {
    const out: EventEdge[] = [];
    for (const ev of this.#tree.entries(this.#tree.get(this.node, 'on_event'))) {
      if (!ev.value) continue;
      const key = keyOf(ev);
      out.push({ event: ev.key, key, target: { value: scalarValue(ev.value), node: ev.value, key } });
    }
    return out;
  }
  get persistence() {
    return locatedAt(this.#tree, this.node, 'persistence');
  }
  get orchestration() {
    return locatedAt(this.#tree, this.node, 'orchestration');
  }
  get control() {
    return locatedAt(this.#tree, this.node, 'control');
  }
  get composition() {
    return locatedAt(this.#tree, this.node, 'composition');
  }
  get terminal() {
    return locatedAt(this.#tree, this.node, 'terminal');
  }
  get maxVisits() {
    return locatedAt(this.#tree, this.node, 'max_visits');
  }
  get onMaxVisits() {
    return locatedAt(this.#tree, this.node, 'on_max_visits');
  }
  get artifacts(): ArtifactDef[] {
    const tree = this.#tree;
    return tree.entries(tree.get(this.node, 'artifacts')).map((a) => ({
      name: a.key,
      key: keyOf(a),
      node: a.value,
      type: locatedAt(tree, a.value, 'type'),
      mode: locatedAt(tree, a.value, 'mode'),
    }));
  }
}

function buildWorkflow(tree: Tree, entry: Entry, pack: PackModel, at: At, block: Block): WorkflowModel {
  const node = entry.value!;
  const statesEntry = tree.entry(node, 'states');
  const states = new Map<string, StateModel>();
  for (const s of tree.entries(statesEntry?.value)) states.set(s.key, new StateInTree(tree, s.key, keyOf(s), s.value));

  // Only transitions that can fire become edges: a terminal state's on_event never fires (RFC 0009
  // rule 1), nor does on_max_visits without max_visits. The rest are kept aside to explain findings.
  const graph = createDigraph();
  const deadTransitions: DeadTransition[] = [];
  // Attribute objects are shared (graphology keeps what it is given, and nothing changes them): a
  // workflow of many states has a few kinds of edge, and its nodes none.
  const eventEdges = new Map<string, EdgeAttributes>();
  for (const name of states.keys()) graph.addNode(name, NO_ATTRIBUTES);
  for (const state of states.values()) {
    const terminal = isTerminal(state);
    for (const edge of state.onEvent) {
      const target = edge.target.value;
      if (typeof target !== 'string' || !states.has(target)) continue;
      if (terminal) deadTransitions.push({ from: state.name, to: target, kind: 'event', event: edge.event });
      else {
        let attributes = eventEdges.get(edge.event);
        if (!attributes) eventEdges.set(edge.event, (attributes = Object.freeze({ kind: 'event', event: edge.event })));
        graph.addEdge(state.name, target, attributes);
      }
    }
    const overflow = state.onMaxVisits?.value;
    if (typeof overflow !== 'string' || !states.has(overflow)) continue;
    if (hasMaxVisits(state)) graph.addEdge(state.name, overflow, MAX_VISITS_EDGE);
    else deadTransitions.push({ from: state.name, to: overflow, kind: 'max-visits' });
  }

  const entryPoint = at(node, 'entry');
  const entryPoints: string[] = [];
  if (typeof entryPoint?.value === 'string' && states.has(entryPoint.value)) entryPoints.push(entryPoint.value);
  for (const member of pack.agents?.members.values() ?? []) {
    const s = member.state?.value;
    if (typeof s === 'string' && states.has(s)) entryPoints.push(s);
  }

  const engine = block(node, 'engine');
  const budgetEntry = tree.entry(engine?.node, 'budget');
  return {
    node,
    key: keyOf(entry),
    version: at(node, 'version'),
    entry: entryPoint,
    states,
    statesKey: statesEntry && keyOf(statesEntry),
    engine,
    budget: budgetEntry?.value
      ? { node: budgetEntry.value, key: keyOf(budgetEntry), maxTotalVisits: at(budgetEntry.value, 'max_total_visits') }
      : undefined,
    graph,
    deadTransitions,
    entryPoints,
  };
}

const REFERENCE = /\$\{([^}]*)\}/g;
const ARTIFACT_REFERENCE = /\{\{\s*artifacts\.([A-Za-z0-9_-]+)[^}]*\}\}/g;

/** `{{artifacts.<name>}}` in a template, found in the file's text so each keeps its exact span. */
function artifactReferences(source: Source, node: TreeNode): TemplateReference[] {
  if (!node.range) return [];
  const text = source.text.slice(node.range[0], node.range[1]);
  return [...text.matchAll(ARTIFACT_REFERENCE)].map((m) => {
    const start = node.range![0] + m.index;
    return { name: m[1]!, span: { start, end: start + m[0].length } };
  });
}

function buildStep(
  tree: Tree,
  source: Source,
  node: TreeNode,
  at: At,
  block: Block,
  list: (n: TreeNode | undefined) => Located[],
  /** The step's name when it has no id: its place among its siblings. */
  position: string,
): StepModel {
  const references: StepModel['references'] = [];
  for (const field of ['input', 'args', 'predicate']) {
    const n = tree.get(node, field);
    if (!n?.range) continue;
    const text = source.text.slice(n.range[0], n.range[1]);
    for (const m of text.matchAll(REFERENCE)) {
      const start = n.range[0] + m.index;
      const path = m[1]!.trim();
      references.push({ path, root: /^[^.[\s]*/.exec(path)![0], span: { start, end: start + m[0].length } });
    }
  }
  const id = at(node, 'id');
  const label = typeof id?.value === 'string' ? `step '${id.value}'` : position;
  return {
    id,
    label,
    kind: at(node, 'kind'),
    node,
    promptTask: at(node, 'prompt_task'),
    tool: at(node, 'tool'),
    tools: list(tree.get(node, 'tools')),
    provider: at(node, 'provider'),
    then: at(node, 'then'),
    else: at(node, 'else'),
    dependsOn: list(tree.get(node, 'depends_on')),
    evalRefs: list(tree.get(tree.get(node, 'modifiers'), 'eval')),
    branches: tree
      .items(tree.get(node, 'branches'))
      .map((n, i) => buildStep(tree, source, n, at, block, list, `branch #${i + 1} of ${label}`)),
    termination: block(node, 'termination'),
    reduce: block(node, 'reduce'),
    predicate: block(node, 'predicate'),
    outputSchema: at(node, 'output_schema'),
    references,
  };
}

function isDefined<T>(v: T | undefined): v is T {
  return v !== undefined;
}
