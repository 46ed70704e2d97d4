import { existsSync } from 'node:fs';
import { lintUnit, Source, Tree, type Diagnostic, type Dialect, type Host, type Targets } from '@orchlint/core';
import { rules } from '@orchlint/rules';
import {
  dryRun,
  flattenWorkflow,
  isStubFixture,
  packageFixtures,
  readStubFile,
  type ArchonUnit,
  type DryRunOptions,
  type FlatNode,
  type DryRunResult,
  type StubFile,
  type StubFixtureModel,
  type StubValue,
  type WorkflowModel,
} from '@orchlint/archon';
import { UsageError } from '../discover.js';
import { ruleInfos } from '../rule-infos.js';

/** One dry run: the workflow, the stub file it ran on (undefined: none), and the engine's result. */
export interface ArchonRun {
  workflow: WorkflowModel;
  stubs?: string;
  /** The stub file's own model, when the stubs came from a fixture orchlint loaded. */
  fixture?: StubFixtureModel;
  file?: StubFile;
  result: DryRunResult;
}

export interface ArchonTraceOptions {
  stubs?: string;
  message?: string;
  inputs?: ReadonlyMap<string, string>;
  pauseAtGates?: boolean;
  reject?: ReadonlySet<string>;
  followWorkflows?: boolean;
}

/** What the runs need from the CLI: reading files of the unit's project and loading them as Archon units. */
export interface ArchonProject {
  dialect: Dialect<ArchonUnit>;
  host: Host;
  targets: Targets;
}

/**
 * The dry runs a named Archon file stands for: a workflow with `--stubs F`, or with each fixture of
 * its package in turn (one run without stubs when it has none); a stub fixture with the workflows
 * of its folder.
 */
export function archonRuns(model: ArchonUnit, project: ArchonProject, options: ArchonTraceOptions): ArchonRun[] {
  const runs = runsOf(model, project, options);
  rejectOnlyGates(runs, options);
  return runs;
}

function runsOf(model: ArchonUnit, project: ArchonProject, options: ArchonTraceOptions): ArchonRun[] {
  const runWith = (workflow: WorkflowModel, stubs: StubFile | undefined, extra: Partial<ArchonRun>) => ({
    workflow,
    ...extra,
    ...(stubs ? { file: stubs } : {}),
    result: dryRun(workflow, runOptions(project, options, stubs?.stubs)),
  });
  if (isStubFixture(model)) {
    if (options.stubs !== undefined)
      throw new UsageError(
        `${model.source.path} is a stub file itself: trace it alone, or trace a workflow with --stubs ${options.stubs}`,
      );
    const file = readStubFile(model);
    rejectInvalid(model.source.path, file);
    if (model.readAs)
      throw new UsageError(
        `${model.source.path} is a stub file in .archon/workflows/${model.readAs.folder}/, which Archon reads as workflows, not as a package's fixtures; move it to <group>/<workflow>/fixtures/ to run it`,
      );
    if (!model.workflows.length)
      throw new UsageError(`${model.source.path} is a stub file, but its folder holds no workflow to run it on`);
    return model.workflows.map((w) => runWith(w, file, { stubs: model.source.path, fixture: model }));
  }
  if (options.stubs !== undefined) {
    const file = stubFileAt(options.stubs, project);
    return [runWith(model, file, { stubs: options.stubs })];
  }
  const fixtures = packageFixtures(model, project.host, project.targets);
  if (!fixtures.length) return [runWith(model, undefined, {})];
  return fixtures.map((fixture) => {
    const file = readStubFile(fixture);
    rejectInvalid(fixture.source.path, file);
    return runWith(model, file, { stubs: fixture.source.path, fixture });
  });
}

/** `--reject NODE` names an approval node a run can come to (a typo would otherwise approve the gate silently). */
function rejectOnlyGates(runs: readonly ArchonRun[], options: ArchonTraceOptions): void {
  if (!options.reject?.size) return;
  const gates = new Set<string>();
  const seen = new Set<WorkflowModel>();
  const collect = (nodes: readonly FlatNode[]) => {
    for (const node of nodes) {
      if (node.type === 'approval') gates.add(node.id);
      if (node.group) collect(node.group.nodes);
      if (options.followWorkflows && node.subRun) visit(node.subRun.workflow);
    }
  };
  const visit = (workflow: WorkflowModel) => {
    if (seen.has(workflow)) return;
    seen.add(workflow);
    collect(flattenWorkflow(workflow).nodes);
  };
  for (const run of runs) visit(run.workflow);
  const unknown = [...options.reject].filter((id) => !gates.has(id));
  if (unknown.length)
    throw new UsageError(
      `--reject ${unknown.join(', ')}: no approval node of that id in ${[...seen].map((w) => w.label).join(', ')}${gates.size ? ` (its approval nodes: ${[...gates].join(', ')})` : ' (it has no approval node)'}`,
    );
}

/**
 * Why Archon would not load the workflow, by lint's own findings: the first error of a rule whose
 * clause is that the runtime rejects the file (a schema violation, an include it cannot find, …),
 * in the workflow or in a block it includes (a block the loader refuses is one it cannot find).
 */
export function archonRejection(unit: {
  loaded: { model?: ArchonUnit; sources: readonly Source[] };
  dialect: Dialect<ArchonUnit>;
  host: Host;
  targets: Targets;
}): string | undefined {
  const source = unit.loaded.sources[0];
  const model = unit.loaded.model;
  // A stub file is no workflow: its own problems are refused as a stub file's (rejectInvalid).
  if (!source || !model || isStubFixture(model)) return undefined;
  const rejecting = rules.filter((r) => r.dialect === 'archon' && r.clause === 'rejected');
  const rejection = (of: Source) =>
    lintUnit(of, unit.dialect, rejecting, unit.host, { rules: {}, targets: unit.targets }).diagnostics.find(
      (d) => d.severity === 'error' && clauseOf.get(d.rule) === 'rejected',
    );
  const why = (d: Diagnostic) => `${d.message} [${d.rule}] (${d.path}:${d.range.start.line + 1})`;
  const own = rejection(source);
  if (own) return `Archon does not load the workflow: ${why(own)}`;
  const seen = new Set<WorkflowModel>([model]);
  const blocks = (workflow: WorkflowModel): string | undefined => {
    for (const node of workflow.nodes) {
      const target = node.include?.resolution;
      if (target?.kind !== 'found' || seen.has(target.workflow)) continue;
      seen.add(target.workflow);
      const refused = rejection(target.source);
      if (refused)
        return `Archon does not load the workflow: Node '${node.id}': include target '${target.workflow.name ?? target.shown}' not found, as the loader refuses it: ${why(refused)}`;
      const deeper = blocks(target.workflow);
      if (deeper) return deeper;
    }
    return undefined;
  };
  return blocks(model);
}

const clauseOf = new Map(ruleInfos.map((r) => [r.id, r.clause]));

/** Why Archon would not run this workflow at all, when orchlint can tell without linting it. */
export function archonRefusal(model: ArchonUnit): string | undefined {
  if (isStubFixture(model)) return undefined;
  if (model.fields.has('steps')) return "the workflow uses the removed 'steps:' format, so Archon does not load it";
  if (!model.nodes.length) return 'the workflow has no nodes, so Archon does not load it';
  const errors = flattenWorkflow(model).loadErrors;
  return errors.length ? `Archon does not load the workflow: ${errors[0]}` : undefined;
}

function runOptions(
  project: ArchonProject,
  options: ArchonTraceOptions,
  stubs: ReadonlyMap<string, StubValue> | undefined,
): DryRunOptions {
  const run: DryRunOptions = {};
  if (stubs) run.stubs = stubs;
  if (options.message !== undefined) run.message = options.message;
  if (options.inputs?.size) run.inputs = options.inputs;
  if (options.pauseAtGates) run.pauseAtGates = true;
  if (options.reject?.size) run.reject = options.reject;
  if (options.followWorkflows)
    run.followWorkflow = (target) => {
      const first = packageFixtures(target.workflow, project.host, project.targets)[0];
      return first ? readStubFile(first).stubs : undefined;
    };
  return run;
}

/** `--stubs F`: any YAML file of one mapping, read as the engine's loadDryRunStubs reads it. */
function stubFileAt(path: string, project: ArchonProject): StubFile {
  const text = project.host.readFile(path);
  if (text === undefined)
    throw new UsageError(
      existsSync(path)
        ? `Dry-run stub file '${path}' is outside the workflow's project, which is all orchlint reads: put it in the project (a package's fixtures/ folder runs on its own)`
        : `Dry-run stub file not found: ${path}`,
    );
  // A package's fixture reads as one, its `fixture:` expectations apart from its stubs.
  const fixture = project.dialect.load(new Source(path, text), project.host, project.targets).model;
  if (fixture && isStubFixture(fixture)) {
    const file = readStubFile(fixture);
    rejectInvalid(path, file);
    return file;
  }
  const tree = new Tree(new Source(path, text));
  if (!tree.clean) throw new UsageError(`Failed to parse dry-run stub file '${path}': it is not valid YAML`);
  const stubs = new Map<string, StubValue>();
  const value = tree.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`Invalid dry-run stub file '${path}': expected one YAML mapping of node ids to outputs`);
  for (const entry of tree.entries(tree.root)) {
    const stub = entry.value?.toJSON() as unknown;
    if (typeof stub === 'string') stubs.set(entry.key, stub);
    else if (stub !== null && typeof stub === 'object' && !Array.isArray(stub))
      stubs.set(entry.key, stub as Record<string, unknown>);
    else throw new UsageError(`Invalid dry-run stub file '${path}': ${entry.key}: a stub is a string or a mapping`);
  }
  return { stubs };
}

function rejectInvalid(path: string, file: StubFile): void {
  if (file.rejected) throw new UsageError(`Invalid dry-run stub file '${path}': ${file.rejected}`);
}
