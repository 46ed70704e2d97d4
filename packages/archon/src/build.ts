import {
  createDigraph,
  fieldMap,
  fieldsOf,
  isMap,
  isScalar,
  isSeq,
  ScalarText,
  scalarValue,
  spanOfNode,
  type Field,
  type Located,
  type Source,
  type Tree,
  type TreeNode,
} from '@orchlint/core';
import { createAnalysis } from './analysis.js';
import {
  BLOCK_NAMES,
  KIND_KEYS,
  type ArchonNode,
  type ArchonVersion,
  type Block,
  type BlockName,
  type NodeKind,
  type OutputFormat,
  type Scope,
  type Setting,
  type StubEntry,
  type TemplatingSite,
  type WorkflowModel,
} from './model.js';
import { scanSurface } from './references.js';
import { shellBodies } from './shell-bodies.js';
import { parseWhen } from './when.js';

/**
 * Text surfaces whose `$id.output` / `$INPUTS` references the engine substitutes (§1.7), as key
 * paths under a node; `*` is any key. Shell surfaces are marked for the quoting check.
 */
const SURFACES: ReadonlyArray<{ path: readonly string[]; shell?: boolean }> = [
  { path: ['prompt'] },
  { path: ['systemPrompt'] },
  { path: ['agents', '*', 'prompt'] },
  { path: ['agents', '*', 'description'] },
  { path: ['bash'], shell: true },
  { path: ['script'] },
  { path: ['with', '*'] },
  { path: ['with', '*', 'from'] },
  { path: ['input'] },
  { path: ['fan_out', 'items'] },
  { path: ['cancel'] },
  { path: ['approval', 'message'] },
  { path: ['approval', 'on_reject', 'prompt'] },
  { path: ['loop', 'prompt'] },
  { path: ['loop', 'until_bash'], shell: true },
  { path: ['loop_group', 'until_bash'], shell: true },
];

/** Free-form values (JSON Schema, passthrough settings, data) whose keys are the author's own. */
const OPAQUE_KEYS = new Set(['output_format', 'sandbox', 'with', 'hooks', 'pi', 'inputs', 'extensionFlags']);
/** Structural scalars: where `{{ }}` would be templating rather than text handed to a model or shell. */
const STRUCTURAL_VALUES = new Set([
  'id',
  'depends_on',
  'when',
  'include',
  'workflow',
  'trigger_rule',
  'model',
  'provider',
  'command',
  'returns',
  'outcome_field',
  'context',
  'resume',
  'items',
  'as',
  'isolation',
  'runtime',
  'effort',
  'join',
  'until_field',
  'name',
]);

export interface BuildOptions {
  version: ArchonVersion;
  includeChain: string[];
}

export function buildWorkflow(tree: Tree, source: Source, root: TreeNode, options: BuildOptions): WorkflowModel {
  const fields = new Map(fieldsOf(tree, root).map((f) => [f.key.value, f]));
  const provider = locatedString(fields.get('provider'));
  const all: ArchonNode[] = [];
  const text = source.text;

  const buildScope = (list: TreeNode | undefined, parent: Scope | undefined, owner: ArchonNode | undefined): Scope => {
    const scope: Scope = { nodes: [], byId: new Map(), graph: createDigraph() };
    if (parent) scope.parent = parent;
    if (owner) scope.owner = owner;
    tree.items(list).forEach((item, index) => {
      const node = buildNode(item, index, scope);
      scope.nodes.push(node);
      if (node.id !== undefined && !scope.byId.has(node.id)) {
        scope.byId.set(node.id, node);
        scope.graph.addNode(node.id);
      }
    });
    for (const node of scope.nodes) {
      if (node.id === undefined || scope.byId.get(node.id) !== node) continue;
      for (const dep of node.dependsOn) {
        if (typeof dep.value === 'string' && scope.byId.has(dep.value)) scope.graph.mergeEdge(dep.value, node.id);
      }
    }
    return scope;
  };

  const buildNode = (item: TreeNode, index: number, scope: Scope): ArchonNode => {
    const nodeFields = new Map(fieldsOf(tree, item).map((f) => [f.key.value, f]));
    const idField = nodeFields.get('id');
    const rawId = idField?.value;
    const id = typeof rawId === 'string' ? rawId : typeof rawId === 'number' ? String(rawId) : undefined;
    const kindEntries = KIND_KEYS.concat(options.version === '0.9' ? [] : ['wait'])
      .filter((k) => nodeFields.has(k))
      .map((kind) => ({ kind, entry: nodeFields.get(kind)! }))
      .sort((a, b) => (a.entry.key.node.range?.[0] ?? 0) - (b.entry.key.node.range?.[0] ?? 0));
    const owner = scope.owner;
    const node: ArchonNode = {
      index,
      label: '',
      node: item,
      fields: nodeFields,
      kindEntries,
      scope,
      dependsOn: tree.items(nodeFields.get('depends_on')?.node).map((n) => ({ value: scalarValue(n), node: n })),
      blocks: new Map(
        BLOCK_NAMES.flatMap((name): Array<[BlockName, Block]> => {
          const field = nodeFields.get(name);
          return field ? [[name, blockOf(tree, field.node)]] : [];
        }),
      ),
      bindings: settingsOf(tree, nodeFields.get('with')?.node),
      outputRefs: [],
      inputRefs: [],
      variableRefs: [],
      shells: [],
      variableSlips: [],
    };
    if (id !== undefined) node.id = id;
    if (idField) node.idField = idField;
    node.label = `node ${id !== undefined ? `'${id}'` : `#${index + 1}`}${owner ? ` in loop_group ${owner.id !== undefined ? `'${owner.id}'` : `#${owner.index + 1}`}` : ''}`;
    if (kindEntries.length === 1) node.kind = kindEntries[0]!.kind;
    // A loop node's own provider is dropped when the workflow loads: its iterations run on the workflow's.
    const nodeProvider = node.kind === 'loop' ? undefined : locatedString(nodeFields.get('provider'));
    const effectiveProvider = nodeProvider ?? provider;
    if (effectiveProvider) node.provider = effectiveProvider;
    const outputFormat = readOutputFormat(tree, nodeFields.get('output_format')?.node);
    if (outputFormat) node.outputFormat = outputFormat;
    const decisions = node.blocks.get('approval')?.byKey.get('decisions');
    if (decisions?.node) {
      const items = tree.items(decisions.node);
      const ids = items.flatMap((item) => {
        const idNode = tree.get(item, 'id');
        const value = scalarValue(idNode);
        return typeof value === 'string' && idNode ? [{ value, node: idNode }] : [];
      });
      node.decisions = { field: decisions, count: items.length, ids };
    }
    const join = node.blocks.get('fan_out')?.byKey.get('join');
    if (join?.node) node.join = { value: join.node.toJSON(), node: join.node, key: join.key };

    for (const surface of SURFACES) {
      const first = nodeFields.get(surface.path[0]!)?.node;
      if (!first) continue;
      for (const { path, value } of valuesAt(tree, first, surface.path.slice(1), [surface.path[0]!])) {
        const st = ScalarText.of(text, value);
        if (!st) continue;
        const refs = scanSurface(st, path.join('.'), surface.shell);
        node.outputRefs.push(...refs.outputRefs);
        node.inputRefs.push(...refs.inputRefs);
        node.variableRefs.push(...refs.variableRefs);
        if (surface.path[0] !== 'script') node.variableSlips.push(...refs.variableSlips);
      }
    }
    node.shells = shellBodies(node, text);
    const whenField = nodeFields.get('when');
    const whenText = ScalarText.of(text, whenField?.node);
    if (whenField?.node && whenText) {
      node.when = {
        located: { value: whenText.value, node: whenField.node, key: whenField.key },
        condition: parseWhen(whenText.value),
        text: whenText,
      };
      // Include expansion substitutes $INPUTS anywhere in the text, quoted literals included.
      node.inputRefs.push(...scanSurface(whenText, 'when').inputRefs);
    }
    const includeField = nodeFields.get('include');
    if (includeField?.node)
      node.include = {
        target: { value: includeField.value, node: includeField.node, key: includeField.key },
        resolution: { kind: 'dynamic' },
      };
    const group = nodeFields.get('loop_group')?.node;
    all.push(node);
    if (group && isMap(group)) node.body = buildScope(tree.get(group, 'nodes'), scope, node);
    return node;
  };

  const top = buildScope(fields.get('nodes')?.node, undefined, undefined);
  const model: WorkflowModel = {
    source,
    tree,
    root,
    version: options.version,
    label: 'the workflow',
    fields,
    top,
    nodes: all,
    templating: findTemplating(tree, root),
    includeChain: options.includeChain,
    analysis: undefined as never,
  };
  const inputs = fields.get('inputs');
  if (inputs?.type === 'object') model.inputs = settingsOf(tree, inputs.node);
  const name = fields.get('name')?.value;
  if (typeof name === 'string') {
    model.name = name;
    model.label = `workflow '${name}'`;
  }
  if (provider) model.provider = provider;
  (model as { analysis: WorkflowModel['analysis'] }).analysis = createAnalysis(model);
  return model;
}

function locatedString(field: Field | undefined): Located<string> | undefined {
  const v = field?.value;
  return typeof v === 'string' && field?.node ? { value: v, node: field.node, key: field.key } : undefined;
}

function blockOf(tree: Tree, node: TreeNode | undefined): Block {
  const fields = fieldsOf(tree, node);
  return { fields, byKey: fieldMap(fields) };
}

function settingsOf(tree: Tree, node: TreeNode | undefined): Setting[] {
  return fieldsOf(tree, node).map((field) => ({ field, block: blockOf(tree, field.node) }));
}

/** A dry-run stub file's keys, when it is one mapping; `fixture:`'s keys with the node ids they name. */
export function stubEntries(tree: Tree, root: TreeNode): StubEntry[] | undefined {
  if (!isMap(root)) return undefined;
  return settingsOf(tree, root).map(({ field, block }) => ({
    field,
    block,
    named: field.key.value === 'fixture' ? block.fields.map((f) => ({ field: f, ids: namedIds(tree, f.node) })) : [],
  }));
}

/** The strings a value names: a mapping's keys, a list's string items, or a string. */
function namedIds(tree: Tree, value: TreeNode | undefined): Located<string>[] {
  if (isMap(value)) return tree.entries(value).map((e) => ({ value: e.key, node: e.keyNode }));
  return (isSeq(value) ? tree.items(value) : [value]).flatMap((n) =>
    isScalar(n) && typeof n.value === 'string' ? [{ value: n.value, node: n as TreeNode }] : [],
  );
}

/** The values at a key path under a node, `*` matching every key of a mapping. */
function valuesAt(
  tree: Tree,
  node: TreeNode,
  path: readonly string[],
  prefix: string[],
): Array<{ path: string[]; value: TreeNode }> {
  let current: Array<{ path: string[]; value: TreeNode }> = [{ path: prefix, value: node }];
  for (const step of path) {
    const next: typeof current = [];
    for (const c of current) {
      if (step === '*') {
        for (const e of tree.entries(c.value)) if (e.value) next.push({ path: [...c.path, e.key], value: e.value });
      } else {
        const v = tree.get(c.value, step);
        if (v) next.push({ path: [...c.path, step], value: v });
      }
    }
    current = next;
  }
  return current;
}

function readOutputFormat(tree: Tree, node: TreeNode | undefined): OutputFormat | undefined {
  if (!node || !isMap(node)) return undefined;
  const type = scalarValue(tree.get(node, 'type'));
  const propsNode = tree.get(node, 'properties');
  const properties = new Map<string, { key: Located<string>; type?: string; schema?: TreeNode }>();
  for (const e of tree.entries(propsNode)) {
    const t = scalarValue(tree.get(e.value, 'type'));
    const property: { key: Located<string>; type?: string; schema?: TreeNode } = {
      key: { value: e.key, node: e.keyNode },
    };
    if (typeof t === 'string') property.type = t;
    if (e.value) property.schema = e.value;
    properties.set(e.key, property);
  }
  const required = new Set(tree.items(tree.get(node, 'required')).map((n) => String(scalarValue(n))));
  const format: OutputFormat = { node, properties, required, known: isMap(propsNode) };
  if (typeof type === 'string') format.type = type;
  return format;
}

const TEMPLATE = /\$?\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/;

/** `{{ }}`, `${{ }}` and `{% %}` in keys and structural values; ids and dependencies computed from `$refs`. */
function findTemplating(tree: Tree, root: TreeNode): TemplatingSite[] {
  const sites: TemplatingSite[] = [];
  const check = (node: TreeNode | undefined, where: string): void => {
    if (!isScalar(node) || typeof node.value !== 'string') return;
    const m = TEMPLATE.exec(node.value);
    const computed = (where === 'id' || where === 'depends_on') && /\$[A-Za-z_{(]/.test(node.value);
    if (m || computed) sites.push({ span: spanOfNode(node), text: m?.[0] ?? node.value, where });
  };
  const visit = (node: TreeNode | undefined, depth: number): void => {
    if (!node || depth > 64) return;
    if (isSeq(node)) for (const item of tree.items(node)) visit(item, depth + 1);
    if (!isMap(node)) return;
    for (const e of tree.entries(node)) {
      check(e.keyNode, 'key');
      if (OPAQUE_KEYS.has(e.key)) continue;
      if (STRUCTURAL_VALUES.has(e.key)) {
        if (isSeq(e.value)) for (const item of tree.items(e.value)) check(item, e.key);
        else check(e.value, e.key);
      }
      if (isMap(e.value) || isSeq(e.value)) visit(e.value, depth + 1);
    }
  };
  visit(root, 0);
  return sites;
}
