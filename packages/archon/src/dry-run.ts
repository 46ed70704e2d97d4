import type { Source } from '@orchlint/core';
import type { ArchonNode, SubRunTarget, WorkflowModel } from './model.js';
import {
  declaredInputs,
  flattenWorkflow,
  layers,
  type DryRunNodeType,
  type LoopChannels,
  type FlatNode,
  type NodeText,
} from './flat-workflow.js';
import { parseWhen, type WhenAtom } from './when.js';
import { BUNDLED_COMMANDS } from './facts.js';

/*
 * Archon 0.9's dry run (`archon workflow run NAME --dry-run --stubs F`), computed from the model:
 * the same topological layers, trigger rules, `when:` evaluation, stub lookups, loop completion
 * signals and gates, so that the result, field for field, is the engine's `DryRunResult`. Nothing
 * runs: bash and script nodes need stubs, as they do in the engine without --exec-code.
 */

/** A stub: the node's text output, or a mapping that becomes its structured output. */
export type StubValue = string | { [key: string]: unknown };

export type DryRunState = 'completed' | 'stubbed' | 'skipped' | 'failed' | 'paused';
export type DryRunOutcome = 'completed' | 'failed' | 'paused' | 'cancelled';

export interface DryRunEntry {
  nodeId: string;
  nodeType: DryRunNodeType;
  state: DryRunState;
  reason?: string;
  output?: string;
  iteration?: number;
  /** orchlint's own: the child run of a followed `workflow:` node (`--follow-workflows`). */
  subRun?: DryRunResult;
}

export interface DryRunResult {
  workflow: string;
  outcome: DryRunOutcome;
  trace: DryRunEntry[];
  missingStubs: string[];
  unusedStubs: string[];
  summary?: string;
}

export interface DryRunOptions {
  /** Node id → stub, as the stub file maps them. */
  stubs?: ReadonlyMap<string, StubValue>;
  /** The run's message: `$ARGUMENTS` / `$USER_MESSAGE`. */
  message?: string;
  /** `$INPUTS.<name>` values (`--arg`), over the workflow's declared defaults (defaultRunInputs). */
  inputs?: ReadonlyMap<string, string>;
  /** Stop at the first approval gate, as `--pause-at-gates` does; otherwise each gate is approved. */
  pauseAtGates?: boolean;
  /** Approval nodes to reject instead of approve (orchlint's own: the 0.9 dry run approves every gate). */
  reject?: ReadonlySet<string>;
  /** Whether a `command:` name resolves; default: a file of the project's commands, or a bundled archon-* one. */
  commandExists?: (workflow: WorkflowModel, name: string) => boolean;
  /**
   * Follow a `workflow:` node into its target with the stubs this returns (orchlint's own; the 0.9
   * dry run fails every reachable `workflow:` node). Undefined keeps 0.9's behaviour.
   */
  followWorkflow?: (target: SubRunTarget) => ReadonlyMap<string, StubValue> | undefined;
}

/** What the run has recorded for a node so far (the engine's NodeOutput). */
interface Output {
  state: 'completed' | 'failed' | 'skipped' | 'pending';
  output: string;
  structured?: Record<string, unknown>;
  declaredFields?: string[];
}

/** A failure the engine raises while it resolves a node (a reference it cannot read, a missing command). */
class NodeFailure extends Error {}

interface Run {
  workflow: WorkflowModel;
  options: DryRunOptions;
  stubs: ReadonlyMap<string, StubValue>;
  trace: DryRunEntry[];
  consumed: Set<string>;
  missing: Set<string>;
  halted?: 'paused' | 'cancelled';
  /** Workflows entered by following `workflow:` nodes, against cycles. */
  chain: WorkflowModel[];
  /** The run's `$INPUTS`: the declared defaults under the values given; undefined when there are neither. */
  inputs?: ReadonlyMap<string, string>;
}

export function dryRun(workflow: WorkflowModel, options: DryRunOptions = {}): DryRunResult {
  return runWorkflow(workflow, options, [workflow]);
}

function runWorkflow(workflow: WorkflowModel, options: DryRunOptions, chain: WorkflowModel[]): DryRunResult {
  const flat = flattenWorkflow(workflow);
  const stubs = options.stubs ?? new Map<string, StubValue>();
  const run: Run = { workflow, options, stubs, trace: [], consumed: new Set(), missing: new Set(), chain };
  const inputs = new Map([...declaredDefaults(workflow), ...(options.inputs ?? [])]);
  if (inputs.size || options.inputs) run.inputs = inputs;
  const outputs = new Map<string, Output>();
  runNodes(flat.nodes, outputs, run);
  const depended = new Set(flat.nodes.flatMap((n) => n.dependsOn));
  const summary = flat.nodes
    .filter((n) => !depended.has(n.id))
    .map((n) => outputs.get(n.id))
    .find((o) => o?.state === 'completed' && o.output.trim())?.output;
  const failed = [...outputs.values()].some((o) => o.state === 'failed');
  const result: DryRunResult = {
    workflow: flat.name,
    outcome: run.halted ?? (failed ? 'failed' : 'completed'),
    trace: run.trace,
    missingStubs: [...run.missing].sort(),
    unusedStubs: [...stubs.keys()].filter((id) => !run.consumed.has(id)).sort(),
  };
  if (summary) result.summary = summary;
  return result;
}

function runNodes(nodes: readonly FlatNode[], outputs: Map<string, Output>, run: Run, iteration?: number): void {
  for (const layer of layers(nodes))
    for (const node of layer) {
      if (run.halted) return;
      runNode(node, outputs, run, iteration);
    }
}

const entryBase = (node: FlatNode, iteration?: number) => ({
  nodeId: node.id,
  nodeType: node.type,
  ...(iteration ? { iteration } : {}),
});

function record(
  run: Run,
  outputs: Map<string, Output>,
  node: FlatNode,
  state: 'skipped' | 'failed',
  reason: string,
  iteration?: number,
): void {
  outputs.set(node.id, { state, output: '' });
  run.trace.push({ ...entryBase(node, iteration), state, reason });
}

function runNode(node: FlatNode, outputs: Map<string, Output>, run: Run, iteration?: number): void {
  if (!triggerRuleRuns(node, outputs)) {
    record(run, outputs, node, 'skipped', 'trigger_rule', iteration);
    return;
  }
  if (node.when !== undefined) {
    let verdict: ReturnType<typeof evaluateWhen>;
    try {
      verdict = evaluateWhen(node.when, outputs, run);
    } catch (error) {
      record(run, outputs, node, 'failed', (error as Error).message, iteration);
      return;
    }
    if (!verdict.parsed) {
      record(run, outputs, node, 'skipped', 'when_condition_parse_error', iteration);
      return;
    }
    if (!verdict.result) {
      record(run, outputs, node, 'skipped', 'when_condition_false', iteration);
      return;
    }
  }
  try {
    runBody(node, outputs, run, iteration);
  } catch (error) {
    if (!(error instanceof NodeFailure)) throw error;
    record(run, outputs, node, 'failed', error.message, iteration);
  }
}

/**
 * A gate rejected as a real run rejects it (operations/workflow-operations.ts rejectWorkflow): one that
 * declares `decisions` with a `reject` id and no `on_reject` completes with `{decision, text}` output
 * and the run goes on down its `when:` edges; any other gate cancels the run, `on_reject` after its
 * rework prompt has run out of attempts (every one of them rejected too).
 */
function rejectGate(node: FlatNode, outputs: Map<string, Output>, run: Run, iteration?: number): void {
  const approval = node.origin.blocks.get('approval');
  const rework = approval?.byKey.has('on_reject') === true;
  if (!rework && node.origin.decisions?.ids.some((d) => d.value === 'reject')) {
    const output = JSON.stringify({ decision: 'reject', text: '' });
    outputs.set(node.id, { state: 'completed', output });
    run.trace.push({ ...entryBase(node, iteration), state: 'completed', reason: 'rejected (--reject)', output });
    return;
  }
  outputs.set(node.id, { state: 'failed', output: '' });
  run.trace.push({
    ...entryBase(node, iteration),
    state: 'failed',
    reason: rework
      ? 'rejected (--reject) on every attempt: the run is cancelled once on_reject.max_attempts is used up'
      : 'rejected (--reject): the run is cancelled',
  });
  run.halted = 'cancelled';
}

function runBody(node: FlatNode, outputs: Map<string, Output>, run: Run, iteration?: number): void {
  const base = entryBase(node, iteration);
  switch (node.type) {
    case 'loop':
      runLoop(node, outputs, run, iteration);
      return;
    case 'loop_group':
      runGroup(node, outputs, run, iteration);
      return;
    case 'approval': {
      resolve(node.text, outputs, run);
      if (run.options.reject?.has(node.id)) {
        rejectGate(node, outputs, run, iteration);
        return;
      }
      if (run.options.pauseAtGates) {
        outputs.set(node.id, { state: 'pending', output: '' });
        run.trace.push({ ...base, state: 'paused', reason: 'approval gate' });
        run.halted = 'paused';
        return;
      }
      outputs.set(node.id, { state: 'completed', output: 'approved' });
      run.trace.push({ ...base, state: 'completed', reason: 'auto-approved', output: 'approved' });
      return;
    }
    case 'cancel': {
      const text = resolve(node.text, outputs, run);
      outputs.set(node.id, { state: 'completed', output: text });
      run.trace.push({ ...base, state: 'completed', reason: 'workflow cancelled', output: text });
      run.halted = 'cancelled';
      return;
    }
    case 'include':
      throw new NodeFailure(
        node.opaqueInclude
          ? `Dry-run does not execute reachable include nodes (orchlint cannot read the block of '${node.id}')`
          : 'Dry-run does not execute reachable include nodes',
      );
    case 'workflow':
      runSubWorkflow(node, outputs, run, iteration);
      return;
    default:
  }
  if (node.command !== undefined) requireCommand(node.command, run);
  resolve(node.text, outputs, run);
  const hydrated = hydrate(node, requireStub(node, run));
  outputs.set(node.id, hydrated);
  run.trace.push({ ...base, state: 'stubbed', output: hydrated.output });
}

function runLoop(node: FlatNode, outputs: Map<string, Output>, run: Run, iteration?: number): void {
  const loop = node.loop!;
  if (node.command !== undefined) requireCommand(node.command, run);
  // The engine resolves the text and reads the stub once per iteration, alike every time: the stub
  // ends the loop in the first iteration or in none, so one stands for all (however many are allowed).
  if (loop.maxIterations >= 1) {
    resolve(node.text, outputs, run);
    const hydrated = hydrate(node, requireStub(node, run));
    const completion = iterationCompletes(loop, hydrated);
    if (completion) {
      outputs.set(node.id, hydrated);
      run.trace.push({
        ...entryBase(node, iteration),
        state: 'stubbed',
        reason: completionReason(completion, loop, 1),
        output: hydrated.output,
      });
      return;
    }
  }
  throw new NodeFailure(`Loop exceeded max iterations (${loop.maxIterations}) ${unmetCompletion(loop)}`);
}

/**
 * Every iteration of a loop group's body runs on the same outputs and stubs, so each repeats the
 * first: the trace lists them all, as the engine's does, up to this many (a file may allow 10⁹).
 */
const TRACED_GROUP_ITERATIONS = 100;

function runGroup(node: FlatNode, outputs: Map<string, Output>, run: Run, iteration?: number): void {
  const group = node.group!;
  const depended = new Set(group.nodes.flatMap((n) => n.dependsOn));
  for (let current = 1; current <= Math.min(group.maxIterations, TRACED_GROUP_ITERATIONS); current++) {
    const body = new Map(outputs);
    runNodes(group.nodes, body, run, current);
    const last =
      group.nodes
        .filter((n) => !depended.has(n.id))
        .map((n) => body.get(n.id))
        .find((o) => o?.state === 'completed' && o.output.trim())?.output ?? '';
    if (group.nodes.some((n) => body.get(n.id)?.state === 'failed'))
      throw new NodeFailure(`Loop group body failed at iteration ${current}`);
    if (run.halted) return;
    const completion = iterationCompletes(group, { state: 'completed', output: last });
    if (completion) {
      outputs.set(node.id, { state: 'completed', output: last });
      run.trace.push({
        ...entryBase(node, iteration),
        state: 'completed',
        reason: completionReason(completion, group, current),
        output: last,
      });
      return;
    }
  }
  throw new NodeFailure(`Loop group exceeded max iterations (${group.maxIterations}) ${unmetCompletion(group)}`);
}

/**
 * Whether an iteration's output ends the loop, as far as a dry run can tell (loopIterationCompletes):
 * `until_field` true on the structured stub, or the `until` signal in the output; otherwise a
 * declared `until_bash`, which the dry run cannot run, is assumed to have passed.
 */
function iterationCompletes(control: LoopChannels, output: Output): 'field' | 'signal' | 'assumed' | undefined {
  if (control.untilField !== undefined && output.structured?.[control.untilField] === true) return 'field';
  if (control.until !== undefined && completionSignal(output.output, control.until)) return 'signal';
  return control.untilBash !== undefined ? 'assumed' : undefined;
}

function completionReason(completion: 'field' | 'signal' | 'assumed', control: LoopChannels, n: number): string {
  if (completion === 'field') return `'${control.untilField}' is true after ${n} iteration(s)`;
  if (completion === 'signal') return `completion signal after ${n} iteration(s)`;
  return `assumed complete after ${n} iteration(s) — 'until_bash' is not executed in a dry run`;
}

/** describeUnmetCompletion: the channels that never ended the loop. */
function unmetCompletion(control: LoopChannels): string {
  const channels = [
    ...(control.until ? [`completion signal '${control.until}'`] : []),
    ...(control.untilBash ? ["a passing 'until_bash' check"] : []),
    ...(control.untilField ? [`'${control.untilField}' ever being true`] : []),
  ];
  return channels.length ? `without ${channels.join(' or ')}` : 'without a completion channel';
}

/** A `workflow:` node: failed as in 0.9, stubbed when the stub file answers for it, or followed into its target. */
function runSubWorkflow(node: FlatNode, outputs: Map<string, Output>, run: Run, iteration?: number): void {
  const follow = run.options.followWorkflow;
  const target = node.subRun;
  if (!follow) throw new NodeFailure('Dry-run does not execute reachable workflow nodes');
  const stub = stubFor(node, run);
  if (stub !== undefined) {
    const hydrated = hydrate(node, stub);
    outputs.set(node.id, hydrated);
    run.trace.push({ ...entryBase(node, iteration), state: 'stubbed', output: hydrated.output });
    return;
  }
  if (!target)
    throw new NodeFailure(`the target of '${node.id}' is not a workflow of this project, so it cannot be followed`);
  if (run.chain.includes(target.workflow))
    throw new NodeFailure(`'${node.id}' calls workflow '${target.workflow.label}' again, inside its own run`);
  // As the engine's sub-run: `with:` values become the child's inputs, `input:` its message.
  const given = new Map<string, string>();
  for (const { field } of node.origin.bindings)
    if (typeof field.value === 'string')
      given.set(field.key.value, resolve({ value: field.value, shell: false }, outputs, run));
  const errors: string[] = [];
  const inputs = declaredInputs(
    given,
    node.origin,
    target.workflow,
    `sub-run workflow '${target.workflow.name ?? ''}'`,
    errors,
  );
  if (errors.length) throw new NodeFailure(errors[0]!);
  const input = node.origin.fields.get('input')?.value;
  const message = typeof input === 'string' ? resolve({ value: input, shell: false }, outputs, run) : '';
  const child = runWorkflow(target.workflow, { ...run.options, stubs: follow(target) ?? new Map(), inputs, message }, [
    ...run.chain,
    target.workflow,
  ]);
  const entry: DryRunEntry = { ...entryBase(node, iteration), state: 'completed', subRun: child };
  if (child.outcome !== 'completed') {
    outputs.set(node.id, { state: 'failed', output: '' });
    run.trace.push({ ...entry, state: 'failed', reason: `workflow '${child.workflow}' ${child.outcome}` });
    return;
  }
  const output = child.summary ?? '';
  outputs.set(node.id, { state: 'completed', output });
  run.trace.push({ ...entry, reason: `followed into '${child.workflow}'`, output });
}

function requireCommand(name: string, run: Run): void {
  const exists = run.options.commandExists ?? commandResolves;
  if (!exists(run.workflow, name)) throw new NodeFailure(`Command '${name}' not found`);
}

/** A command resolves from the project's (or the package's) commands/, or is one Archon bundles (unless turned off). */
export function commandResolves(workflow: WorkflowModel, name: string): boolean {
  const commands = workflow.commands;
  // Without a commands folder only the bundled commands resolve (~/.archon/commands is outside the project).
  if (!commands) return BUNDLED_COMMANDS.has(name);
  return commands.files.has(name) || (commands.bundled && BUNDLED_COMMANDS.has(name));
}

/** The node's stub; a reachable node without one fails, and the run lists it as missing. */
function requireStub(node: FlatNode, run: Run): StubValue {
  const stub = stubFor(node, run);
  if (stub !== undefined) return stub;
  run.missing.add(node.id);
  throw new NodeFailure(`Missing reachable stub for node '${node.id}'`);
}

function stubFor(node: FlatNode, run: Run): StubValue | undefined {
  const stub = run.stubs.get(node.id);
  if (stub !== undefined) run.consumed.add(node.id);
  return stub;
}

function hydrate(node: FlatNode, stub: StubValue): Output {
  const fields = node.declaredFields ? { declaredFields: node.declaredFields } : {};
  if (typeof stub === 'string') return { state: 'completed', output: stub, ...fields };
  return { state: 'completed', output: JSON.stringify(stub), structured: stub, ...fields };
}

/** The node's text as the run substitutes it; a reference it cannot read fails the node. */
function resolve(text: NodeText | undefined, outputs: Map<string, Output>, run: Run): string {
  if (!text) return '';
  let value = text.value;
  if (!text.shell) {
    const message = run.options.message ?? '';
    value = value.replace(/\$USER_MESSAGE|\$ARGUMENTS/g, () => message);
    value = value.replace(/\$INPUTS\.([a-zA-Z_][a-zA-Z0-9_-]*)/g, (_m, name: string) => inputValue(name, run));
  }
  return value.replace(
    /\$([a-zA-Z_][a-zA-Z0-9_-]*)\.output(?:\.([a-zA-Z_][a-zA-Z0-9_]*))?/g,
    (_m, id: string, field: string | undefined) => {
      const produced = outputs.get(id);
      if (!produced) {
        if (field) throw new NodeFailure(refFailure(id, field, 'no node with that id has produced output yet'));
        return '';
      }
      return field ? fieldText(produced, id, field) : produced.output;
    },
  );
}

/** `$INPUTS.<name>`: the run's value, or the node fails as the engine's InputRefError does. */
function inputValue(name: string, run: Run): string {
  const value = run.inputs?.get(name);
  if (value !== undefined) return value;
  const known = [...(run.inputs?.keys() ?? [])];
  throw new NodeFailure(
    `Unknown input '$INPUTS.${name}'.${known.length ? ` Available inputs: ${known.map((k) => `$INPUTS.${k}`).join(', ')}.` : ' This run has no declared inputs.'}`,
  );
}

/** The declared inputs' defaults, as text (defaultRunInputs; a typed default reads as its JSON text). */
function declaredDefaults(workflow: WorkflowModel): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const { field, block } of workflow.inputs ?? []) {
    const value = block.byKey.get('default')?.value;
    if (value === undefined || value === null) continue;
    defaults.set(field.key.value, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return defaults;
}

function refFailure(id: string, field: string, why: string): string {
  return `'$${id}.output.${field}' cannot be read: ${why}`;
}

/** `$id.output.field` as the engine reads it (resolveNodeOutputField), stringified. */
function fieldText(produced: Output, id: string, field: string): string {
  if (produced.state === 'skipped' || produced.state === 'pending')
    throw new NodeFailure(refFailure(id, field, `node '${id}' did not run`));
  let value: unknown;
  if (produced.declaredFields) {
    if (!produced.declaredFields.includes(field))
      throw new NodeFailure(refFailure(id, field, `'${field}' is not in node '${id}' output_format`));
    const object = produced.structured ?? outputObject(produced.output);
    if (!object) throw new NodeFailure(refFailure(id, field, `the output of '${id}' is not a JSON object`));
    value = Object.hasOwn(object, field) ? object[field] : undefined;
    if (value === undefined || value === null) return '';
  } else if (produced.structured) {
    if (!Object.hasOwn(produced.structured, field)) return '';
    value = produced.structured[field];
  } else {
    const object = outputObject(produced.output);
    if (!object) throw new NodeFailure(refFailure(id, field, `the output of '${id}' is not a JSON object`));
    if (!Object.hasOwn(object, field)) throw new NodeFailure(refFailure(id, field, `it has no key '${field}'`));
    value = object[field];
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? JSON.stringify(value) : '';
}

/** The output as a JSON object, read through one Markdown code fence as the engine does. */
function outputObject(text: string): Record<string, unknown> | undefined {
  if (!text) return undefined;
  const fenced = /^[\s\S]*?```(?:json)?\s*\n([\s\S]*?)\n\s*```[\s\S]*$/.exec(text)?.[1];
  try {
    const parsed: unknown = JSON.parse(fenced || text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** checkTriggerRule: a node without dependencies runs; an unknown rule runs too (the switch has no default). */
function triggerRuleRuns(node: FlatNode, outputs: Map<string, Output>): boolean {
  if (!node.dependsOn.length) return true;
  const states = node.dependsOn.map((id) => outputs.get(id)?.state ?? 'failed');
  switch (node.triggerRule ?? 'all_success') {
    case 'all_success':
      return states.every((s) => s === 'completed');
    case 'one_success':
      return states.some((s) => s === 'completed');
    case 'none_failed_min_one_success':
      return !states.includes('failed') && states.includes('completed');
    case 'all_done':
      return states.every((s) => s !== 'pending');
    default:
      return true;
  }
}

/**
 * A `when:` as the engine evaluates it: disjuncts in order, each atom only when the ones before it
 * in its conjunction held (an atom outside the grammar fails the whole condition closed, but only
 * once it is reached); numeric comparisons need numbers on both sides.
 */
function evaluateWhen(
  text: string,
  outputs: ReadonlyMap<string, Output>,
  run: Run,
): { result: boolean; parsed: boolean } {
  for (const conjunction of parseWhen(text.trim()).disjuncts) {
    let holds = true;
    for (const atom of conjunction) {
      const verdict = evaluateAtom(atom, outputs, run);
      if (verdict === undefined) return { result: false, parsed: false };
      if (!verdict) {
        holds = false;
        break;
      }
    }
    if (holds) return { result: true, parsed: true };
  }
  return { result: false, parsed: true };
}

function evaluateAtom(atom: WhenAtom, outputs: ReadonlyMap<string, Output>, run: Run): boolean | undefined {
  const { left, op, literal } = atom;
  if (!left || !op || !literal || left.form === 'invalid' || left.scope === 'loop-prev') return undefined;
  if (atom.problems.some((p) => p.kind !== 'non-numeric')) return undefined;
  let actual: string;
  if (left.scope === 'inputs') actual = inputValue(left.name, run);
  else {
    const id = left.name;
    const field = left.form === 'whole' ? undefined : left.field;
    const produced = outputs.get(id);
    if (!produced) {
      if (field) throw new NodeFailure(refFailure(id, field, 'no node with that id has produced output yet'));
      actual = '';
    } else actual = field ? fieldText(produced, id, field) : produced.output;
  }
  const expected = literal.value;
  if (op === '==') return actual === expected;
  if (op === '!=') return actual !== expected;
  const a = Number.parseFloat(actual);
  const b = Number.parseFloat(expected);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  return op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** detectCompletionSignal: the signal in a matching XML-style tag, at the very end, or alone on a line. */
export function completionSignal(output: string, signal: string): boolean {
  const s = escapeRegExp(signal);
  return (
    new RegExp(`<([a-zA-Z][\\w-]*)[^>]*>\\s*${s}\\s*</\\1>`, 'i').test(output) ||
    new RegExp(`${s}[\\s.,;:!?]*$`).test(output) ||
    new RegExp(`^\\s*${s}\\s*$`, 'm').test(output)
  );
}

/** Where a node a trace names is written, and the include nodes it was inlined through. */
export interface FlatOrigin {
  node: ArchonNode;
  file: Source;
  dependsOn: readonly string[];
  via: readonly ArchonNode[];
}

/** Where each node a trace can name is written: the node, and its file (the included file for an inlined one). */
export function flatOrigins(workflow: WorkflowModel): Map<string, FlatOrigin> {
  const origins = new Map<string, FlatOrigin>();
  const walk = (nodes: readonly FlatNode[]) => {
    for (const n of nodes) {
      if (!origins.has(n.id)) origins.set(n.id, { node: n.origin, file: n.file, dependsOn: n.dependsOn, via: n.via });
      if (n.group) walk(n.group.nodes);
    }
  };
  walk(flattenWorkflow(workflow).nodes);
  return origins;
}
