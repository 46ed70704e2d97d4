import type { Source } from '@orchlint/core';
import type { ArchonNode, NodeKind, Scope, SubRunTarget, WorkflowModel } from './model.js';

/** The node types a dry-run trace names (Archon 0.9 `DryRunTraceEntry.nodeType`): every 0.9 kind. */
export type DryRunNodeType = Exclude<NodeKind, 'wait'>;

/** A text the run resolves before it runs the node: `$INPUTS.x` and `$id.output[.field]` in it can fail it. */
export interface NodeText {
  value: string;
  /** bash and script bodies: `$INPUTS` is not substituted there (shell nodes read INPUTS_* variables). */
  shell: boolean;
}

/** One node of the workflow as the engine's executor receives it: includes inlined, ids namespaced. */
export interface FlatNode {
  id: string;
  type: DryRunNodeType;
  dependsOn: string[];
  when?: string;
  triggerRule?: string;
  /** The node's own text (prompt, bash, script, approval message, cancel reason, loop prompt). */
  text?: NodeText;
  /** A `command:` node's command, or a loop's `loop.command`: the file must resolve when the node runs. */
  command?: string;
  loop?: LoopChannels & { maxIterations: number };
  group?: LoopChannels & { nodes: FlatNode[]; maxIterations: number };
  /** `output_format.properties` keys: the fields `$id.output.<field>` may read. */
  declaredFields?: string[];
  /** An include whose block orchlint cannot see (bundled, not found, dynamic): it stays one node. */
  opaqueInclude?: boolean;
  subRun?: SubRunTarget;
  /** The node as written, for positions: an inlined node points into the included file. */
  origin: ArchonNode;
  /** The file the node is written in. */
  file: Source;
  /** The include nodes it was inlined through, outermost first. */
  via: ArchonNode[];
}

/** How a loop or loop group may end: `until` (a signal in the output), `until_bash` (a command), `until_field` (a true field). */
export interface LoopChannels {
  until?: string;
  untilBash?: string;
  untilField?: string;
}

export interface FlatWorkflow {
  name: string;
  nodes: FlatNode[];
  /** Load-time failures Archon reports for this workflow (a missing include input, say); empty when it loads. */
  loadErrors: string[];
}

// The engine's reference grammars (include-expander.ts, dag-executor.ts): a node id is
// [a-zA-Z_][a-zA-Z0-9_-]*; `when:` names a node as `$id.` before a field or `output`.
const ID = '[a-zA-Z_][a-zA-Z0-9_-]*';
const OUTPUT_REF = new RegExp(String.raw`\$(${ID})\.output`, 'g');
const WHEN_REF = new RegExp(String.raw`\$(${ID})(?=\.[a-zA-Z_])`, 'g');
const INPUTS_REF = new RegExp(String.raw`\$INPUTS\.(${ID})`, 'g');

/**
 * The workflow with every resolvable include inlined as Archon 0.9's loader does before any run:
 * an included node `n` becomes `<include>__n`, its internal edges and references are renamed, the
 * include's `depends_on`, `when:` and `trigger_rule` attach to the block's entry nodes, `$INPUTS.x`
 * takes the `with:` value, and `depends_on: [include]` waits on every sink while `$include.output`
 * reads the primary sink (`returns:` or the first sink). Included `command:` nodes become prompt
 * nodes whose text (the command file) orchlint does not read.
 */
export function flattenWorkflow(model: WorkflowModel): FlatWorkflow {
  const loadErrors: string[] = [];
  const nodes = flattenScope(model.top, [], loadErrors, [model]);
  checkStructure(nodes, new Set(), loadErrors);
  return { name: model.name ?? model.label, nodes, loadErrors };
}

/**
 * Kahn's layers in the engine's order: the first layer in document order, each next one in the
 * order its nodes' last dependency settles (the dependents of each node of the layer before, in turn).
 */
export function layers(nodes: readonly FlatNode[]): FlatNode[][] {
  const degree = new Map<string, number>();
  const dependents = new Map<string, string[]>();
  const byId = new Map<string, FlatNode>();
  for (const node of nodes) {
    if (!byId.has(node.id)) byId.set(node.id, node);
    degree.set(node.id, node.dependsOn.length);
    for (const dep of node.dependsOn) {
      const list = dependents.get(dep) ?? [];
      list.push(node.id);
      dependents.set(dep, list);
    }
  }
  const result: FlatNode[][] = [];
  let ready = nodes.filter((n) => degree.get(n.id) === 0);
  while (ready.length) {
    result.push(ready);
    const next: FlatNode[] = [];
    for (const node of ready)
      for (const id of dependents.get(node.id) ?? []) {
        const left = (degree.get(id) ?? 0) - 1;
        degree.set(id, left);
        const dependent = byId.get(id);
        if (left === 0 && dependent) next.push(dependent);
      }
    ready = next;
  }
  return result;
}

/**
 * The loader's structural checks on the flattened nodes (validateDagStructure), which refuse the
 * workflow before any run: a duplicate id, a body id that shadows an enclosing one, a dependency on
 * no node, a cycle. A loop group's body is checked as a DAG of its own.
 */
function checkStructure(nodes: readonly FlatNode[], enclosing: ReadonlySet<string>, errors: string[]): void {
  const ids = new Set<string>();
  for (const node of nodes) {
    if (ids.has(node.id)) return void errors.push(`Duplicate node id: '${node.id}'`);
    if (enclosing.has(node.id)) return void errors.push(`Node id '${node.id}' shadows a node id in the enclosing DAG`);
    ids.add(node.id);
  }
  for (const node of nodes)
    for (const dep of node.dependsOn)
      if (!ids.has(dep)) return void errors.push(`Node '${node.id}' depends_on unknown node '${dep}'`);
  const placed = new Set(layers(nodes).flat());
  if (placed.size < nodes.length)
    return void errors.push(
      `Cycle detected among nodes: ${nodes
        .filter((n) => !placed.has(n))
        .map((n) => n.id)
        .join(', ')}`,
    );
  for (const node of nodes) if (node.group) checkStructure(node.group.nodes, new Set([...enclosing, ...ids]), errors);
}

function flattenScope(scope: Scope, via: ArchonNode[], errors: string[], chain: WorkflowModel[]): FlatNode[] {
  const out: FlatNode[] = [];
  const sinks = new Map<string, string[]>();
  const primary = new Map<string, string>();
  for (const node of scope.nodes) {
    const target = node.include?.resolution;
    if (node.kind === 'include' && target?.kind === 'found' && !chain.includes(target.workflow)) {
      const inlined = inlineInclude(node, target.workflow, [...via, node], errors, [...chain, target.workflow]);
      sinks.set(node.id ?? '', inlined.sinks);
      primary.set(node.id ?? '', inlined.primary);
      out.push(...inlined.nodes);
    } else out.push(flatNode(node, via, errors, chain));
  }
  if (sinks.size) {
    const rename = (id: string) => primary.get(id) ?? id;
    for (const node of out) {
      node.dependsOn = node.dependsOn.flatMap((d) => sinks.get(d) ?? [d]);
      renameRefs(node, rename);
    }
  }
  return out;
}

function flatNode(node: ArchonNode, via: ArchonNode[], errors: string[], chain: WorkflowModel[]): FlatNode {
  const file = chain[chain.length - 1]!.source;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const field = (k: string) => node.fields.get(k)?.value;
  const block = (name: 'loop' | 'loop_group' | 'approval', k: string) => node.blocks.get(name)?.byKey.get(k)?.value;
  const channels = (name: 'loop' | 'loop_group'): LoopChannels => {
    const [until, untilBash, untilField] = ['until', 'until_bash', 'until_field'].map((k) => str(block(name, k)));
    return {
      ...(until !== undefined ? { until } : {}),
      ...(untilBash !== undefined ? { untilBash } : {}),
      ...(untilField !== undefined ? { untilField } : {}),
    };
  };
  const type: DryRunNodeType = node.kind === undefined || node.kind === 'wait' ? 'prompt' : node.kind;
  const flat: FlatNode = {
    id: node.id ?? `#${node.index + 1}`,
    type,
    dependsOn: node.dependsOn.map((d) => String(d.value)),
    origin: node,
    file,
    via,
  };
  const when = str(field('when'));
  if (when !== undefined) flat.when = when;
  const rule = str(field('trigger_rule'));
  if (rule !== undefined) flat.triggerRule = rule;
  const text = (value: unknown, shell = false) => {
    if (typeof value === 'string') flat.text = { value, shell };
  };
  // The loader trims these four (dag-node.ts), so a block scalar's last newline never reaches the run.
  const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
  if (type === 'prompt') text(trimmed(field('prompt')));
  else if (type === 'bash') text(trimmed(field('bash')), true);
  else if (type === 'script') text(trimmed(field('script')), true);
  else if (type === 'cancel') text(trimmed(field('cancel')));
  else if (type === 'approval') text(block('approval', 'message'));
  else if (type === 'command') flat.command = str(field('command'));
  else if (type === 'loop') {
    text(block('loop', 'prompt'));
    const command = str(block('loop', 'command'));
    if (command !== undefined && flat.text === undefined) flat.command = command;
    flat.loop = { ...channels('loop'), maxIterations: count(block('loop', 'max_iterations')) };
  } else if (type === 'loop_group' && node.body) {
    flat.group = {
      ...channels('loop_group'),
      nodes: flattenScope(node.body, via, errors, chain),
      maxIterations: count(block('loop_group', 'max_iterations')),
    };
  } else if (type === 'include') flat.opaqueInclude = true;
  if (node.subRun) flat.subRun = node.subRun;
  if (node.outputFormat?.known) flat.declaredFields = [...node.outputFormat.properties.keys()];
  return flat;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 0);

function inlineInclude(
  include: ArchonNode,
  child: WorkflowModel,
  via: ArchonNode[],
  errors: string[],
  chain: WorkflowModel[],
): { nodes: FlatNode[]; sinks: string[]; primary: string } {
  const inner = flattenScope(child.top, via, errors, chain);
  const prefix = `${include.id}__`;
  const ids = new Set(inner.map((n) => n.id));
  const rename = (id: string) => (ids.has(id) ? prefix + id : id);
  const depended = new Set(inner.flatMap((n) => n.dependsOn));
  const sinkIds = inner.filter((n) => !depended.has(n.id)).map((n) => n.id);
  const inputs = includeInputs(include, child, errors);
  const parentDeps = include.dependsOn.map((d) => String(d.value));
  const gate = include.fields.get('when')?.value;
  const rule = include.fields.get('trigger_rule')?.value;
  for (const node of inner) {
    const entry = node.dependsOn.length === 0;
    renameRefs(node, rename);
    applyInputs(node, inputs, include, errors);
    node.id = prefix + node.id;
    if (node.type === 'command') {
      // The loader compiles an included command into a prompt node whose text is the command file.
      node.type = 'prompt';
      delete node.command;
    }
    if (entry) {
      node.dependsOn = [...parentDeps];
      if (typeof gate === 'string') {
        if (node.when === undefined) node.when = gate;
        else if (gate.includes('||') || node.when.includes('||'))
          errors.push(`Node '${include.id}': cannot combine the include's when with entry node '${node.id}' own when`);
        else node.when = `${gate} && ${node.when}`;
      }
      if (typeof rule === 'string' && node.triggerRule === undefined) node.triggerRule = rule;
    } else node.dependsOn = node.dependsOn.map(rename);
  }
  const returns = child.fields.get('returns')?.value;
  const primary = typeof returns === 'string' && ids.has(returns) ? returns : sinkIds[0];
  return { nodes: inner, sinks: sinkIds.map((id) => prefix + id), primary: prefix + (primary ?? '') };
}

/** Rewrites references to renamed ids in the node's `when:` and text (and a loop group's body). */
function renameRefs(node: FlatNode, rename: (id: string) => string): void {
  if (node.when !== undefined)
    node.when = node.when.replace(WHEN_REF, (m, id: string) => (rename(id) === id ? m : `$${rename(id)}`));
  if (node.text)
    node.text.value = node.text.value.replace(OUTPUT_REF, (m, id: string) =>
      rename(id) === id ? m : `$${rename(id)}.output`,
    );
  for (const body of node.group?.nodes ?? []) renameRefs(body, rename);
}

/** The include's `with:` against the block's declared `inputs:` (defaults filled), as the loader resolves it. */
function includeInputs(include: ArchonNode, child: WorkflowModel, errors: string[]): Map<string, string> {
  const given = new Map<string, string>();
  for (const { field } of include.bindings)
    if (typeof field.value === 'string') given.set(field.key.value, field.value);
  return declaredInputs(given, include, child, `included block '${child.name ?? ''}'`, errors);
}

/**
 * The inputs a callee runs with: what the caller's `with:` gives, checked against the callee's
 * declared `inputs:` and its defaults filled in (resolveDeclaredInputs, shared by includes and
 * `workflow:` sub-runs). A key it does not declare, or a required one not given, is an error.
 */
export function declaredInputs(
  given: ReadonlyMap<string, string>,
  caller: ArchonNode,
  callee: WorkflowModel,
  calleeLabel: string,
  errors: string[],
): Map<string, string> {
  if (!callee.inputs) return new Map(given);
  const names = (list: string[]) =>
    [...list]
      .sort()
      .map((n) => `'${n}'`)
      .join(', ');
  const plural = (list: string[]) => (list.length === 1 ? '' : 's');
  const declared = new Map(callee.inputs.map((s) => [s.field.key.value, s.block]));
  const undeclared = [...given.keys()].filter((name) => !declared.has(name));
  if (undeclared.length) {
    errors.push(
      `Node '${caller.id}': ${calleeLabel} does not declare input${plural(undeclared)} ${names(undeclared)}. Declared inputs: ${[...declared.keys()].sort().join(', ') || '(none)'}.`,
    );
    return new Map();
  }
  const resolved = new Map<string, string>();
  const missing: string[] = [];
  for (const [name, block] of declared) {
    const fallback = block.byKey.get('default')?.value;
    if (given.has(name)) resolved.set(name, given.get(name)!);
    else if (fallback !== undefined && fallback !== null) resolved.set(name, String(fallback));
    else if (block.byKey.get('required')?.value === true) missing.push(name);
  }
  if (missing.length)
    errors.push(
      `Node '${caller.id}': ${calleeLabel} requires input${plural(missing)} ${names(missing)}. Pass ${missing.length === 1 ? 'it' : 'them'} through 'with:'.`,
    );
  return resolved;
}

function applyInputs(node: FlatNode, inputs: Map<string, string>, include: ArchonNode, errors: string[]): void {
  const substitute = (text: string) =>
    text.replace(INPUTS_REF, (m, name: string) => {
      const value = inputs.get(name);
      if (value === undefined) errors.push(`Node '${include.id}': the block reads $INPUTS.${name}, which is not given`);
      return value ?? m;
    });
  if (node.when !== undefined) node.when = substitute(node.when);
  if (node.text) node.text.value = substitute(node.text.value);
  for (const body of node.group?.nodes ?? []) applyInputs(body, inputs, include, errors);
}
