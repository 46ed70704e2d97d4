import { firstFew, isMap, memoized, Source, Tree, type Host } from '@orchlint/core';
import { buildWorkflow } from './build.js';
import type { ArchonNode, ArchonVersion, IncludeInfo, SubRunTarget, WorkflowModel } from './model.js';
import {
  commandsFolder,
  emptyCommands,
  roleOf,
  WORKFLOWS,
  type ArchonProject,
  type ProjectWorkflow,
} from './project.js';

/** "Chains up to this many include levels are allowed" (include-expander.ts, INCLUDE_MAX_DEPTH). */
export const INCLUDE_MAX_DEPTH = 3;

/** Workflows Archon 0.9 bundles: an include of one of these resolves with no file in the project. */
export const BUNDLED_WORKFLOWS: ReadonlySet<string> = new Set([
  'archon-adversarial-dev',
  'archon-architect',
  'archon-assist',
  'archon-comprehensive-pr-review',
  'archon-create-issue',
  'archon-feature-development',
  'archon-fix-github-issue',
  'archon-idea-to-pr',
  'archon-interactive-prd',
  'archon-issue-review-full',
  'archon-piv-loop',
  'archon-plan-to-pr',
  'archon-ralph-dag',
  'archon-refactor-safely',
  'archon-remotion-generate',
  'archon-resolve-conflicts',
  'archon-review-block',
  'archon-smart-pr-review',
  'archon-test-loop-dag',
  'archon-validate-pr',
  'archon-workflow-builder',
]);

/** A target the engine can see at load time: a plain name, no reference or template. */
export function isStaticName(value: unknown): value is string {
  return typeof value === 'string' && /^[^\s${}%`]+$/.test(value);
}

/** Where includes resolve: the project (or folder) index of this run, and how to name its files. */
export interface IncludeScope {
  project: ArchonProject;
  /** True for a real `.archon/` project; false for a plain folder of workflows. */
  inProject: boolean;
  host: Host;
  write: (path: string) => string;
  version: ArchonVersion;
}

/**
 * Resolves every `include:` of the model the way 0.9 discovery does: by workflow name across the
 * whole project (flat files, groups and packages alike), else among the workflows Archon bundles.
 * Each target is built once per run and its own includes resolved with it (an include diamond
 * costs the sum of its files, not the product); cycles and the depth limit are checked on the
 * chain before the memo, as the engine's expander does.
 */
export function resolveIncludes(model: WorkflowModel, scope: IncludeScope): void {
  for (const node of model.nodes) {
    if (node.include) node.include.resolution = resolveOne(node.include, model.includeChain, scope);
  }
}

function resolveOne(info: IncludeInfo, chain: readonly string[], scope: IncludeScope): IncludeInfo['resolution'] {
  const target = info.target.value;
  if (!isStaticName(target)) return { kind: 'dynamic' };
  if (chain.includes(target)) return { kind: 'cycle', chain: [...chain, target] };
  if (chain.length > INCLUDE_MAX_DEPTH) return { kind: 'too-deep', chain: [...chain, target] };
  const searched = [scope.inProject ? WORKFLOWS : scope.write(scope.project.workflowsDir) || '.'];
  const named = scope.project.byName.get(target) ?? [];
  // The engine leaves a name two files declare out of its include map.
  if (named.length > 1) return { kind: 'not-found', searched, ambiguous: named.map((w) => shownPath(w, scope)) };
  if (!named[0]) return BUNDLED_WORKFLOWS.has(target) ? { kind: 'bundled' } : { kind: 'not-found', searched };
  return builtWorkflow(named[0], [...chain, target], scope) ?? { kind: 'not-found', searched };
}

/**
 * A project workflow built as a model once per run and include chain (its own includes resolved),
 * or undefined when it is no mapping. The chain is part of the key: its includes' cycle and depth
 * checks count from the chain's start, the file the run's unit lints.
 */
function builtWorkflow(
  file: ProjectWorkflow,
  chain: string[],
  scope: IncludeScope,
): Extract<IncludeInfo['resolution'], { kind: 'found' }> | undefined {
  const path = scope.write(file.path);
  const key = JSON.stringify([path, scope.version, chain]);
  const built = scope.project.built.get(key) as
    | Extract<IncludeInfo['resolution'], { kind: 'found' }>
    | null
    | undefined;
  if (built !== undefined) return built ?? undefined;
  // Read again through the host: the project keeps names, not texts.
  const text = scope.host.readFile(file.path);
  if (text === undefined) {
    scope.project.built.set(key, null);
    return undefined;
  }
  const source = new Source(path, text);
  const tree = new Tree(source);
  const root = tree.root && tree.resolve(tree.root);
  if (!tree.usable || !root || !isMap(root)) {
    scope.project.built.set(key, null);
    return undefined;
  }
  const workflow = buildWorkflow(tree, source, root, { version: scope.version, includeChain: chain });
  resolveIncludes(workflow, scope);
  const found: Extract<IncludeInfo['resolution'], { kind: 'found' }> = {
    kind: 'found',
    path,
    shown: shownPath(file, scope),
    source,
    workflow,
  };
  // The expander compiles an included block's command bodies into it, and refuses an empty one
  // (include-expander.ts materializeBlockCommandPrompts); project files come first in its precedence.
  const commands = scope.inProject ? commandsFolder(scope.project, roleOf(file.rel), file.rel, scope.host) : undefined;
  const empty = commands && emptyCommands(workflow, commands.files, scope.host)[0];
  if (empty) found.emptyCommand = { node: empty.node, name: empty.name, shown: scope.write(empty.path) };
  scope.project.built.set(key, found);
  return found;
}

/**
 * The workflow a `workflow:` node names, when exactly one project workflow declares that name.
 * (Sub-run targets resolve when the run starts, from the same project, so this is what the run gets.)
 */
export function subRunTarget(node: ArchonNode, scope: IncludeScope): SubRunTarget | undefined {
  const name = node.fields.get('workflow')?.value;
  if (!isStaticName(name)) return undefined;
  const named = scope.project.byName.get(name);
  if (named?.length !== 1) return undefined;
  const found = builtWorkflow(named[0]!, [name], scope);
  return found && { shown: found.shown, source: found.source, workflow: found.workflow };
}

function shownPath(file: ProjectWorkflow, scope: IncludeScope): string {
  return scope.inProject ? `${WORKFLOWS}/${file.rel}` : scope.write(file.path);
}

/**
 * Why an include cannot expand, following found targets down the chain; undefined when it expands.
 * Once per node: a diamond's shared targets are walked once.
 */
/** Why an include cannot expand, where (the included file, when deeper), and what to do when the default advice does not fit. */
export interface IncludeFailure {
  message: string;
  at?: string;
  advice?: string;
}

export const includeFailure = memoized((node: ArchonNode): IncludeFailure | undefined =>
  node.include ? failureOf(node) : undefined,
);

function failureOf(node: ArchonNode): IncludeFailure | undefined {
  const info = node.include!;
  const r = info.resolution;
  switch (r.kind) {
    case 'not-found':
      return {
        message: r.ambiguous
          ? `include target '${String(info.target.value)}' not found: ${r.ambiguous.length === 2 ? `${r.ambiguous.join(' and ')} both declare` : `${firstFew(r.ambiguous)} declare`} that name, and Archon leaves a duplicated name out of the workflows it includes`
          : `include target '${String(info.target.value)}' not found: no workflow with that name in ${r.searched.join(', ')} (Archon also looks in ~/.archon/workflows, which orchlint cannot see)`,
      };
    case 'cycle':
      return { message: `include cycle detected: ${r.chain.join(' -> ')}` };
    case 'too-deep':
      return { message: `include depth limit exceeded (max ${INCLUDE_MAX_DEPTH} levels): ${r.chain.join(' -> ')}` };
    case 'found':
      // A block whose every node waits for another has a cycle (or waits for nodes it does not have): it
      // never loads, so the engine has no workflow of that name to include.
      if (r.workflow.top.nodes.length && r.workflow.top.nodes.every((n) => n.dependsOn.length > 0))
        return {
          message: `included workflow '${String(info.target.value)}' has no entry node: every one of its nodes has depends_on, so it does not load (a dependency cycle, or dependencies it does not hold) and Archon reports include target '${String(info.target.value)}' not found`,
          advice: 'give the block a node that waits for nothing (break the cycle there)',
        };
      if (r.emptyCommand)
        return {
          message: `included workflow '${String(info.target.value)}' ${r.emptyCommand.node.label} uses command '${r.emptyCommand.name}', whose file ${r.emptyCommand.shown} is empty: an included command must have a prompt body, so the include does not compose`,
          advice: 'write the prompt into that command file',
        };
      for (const inner of r.workflow.nodes) {
        const failure = includeFailure(inner);
        if (failure) return { ...failure, at: failure.at ?? r.shown };
      }
      return undefined;
    default:
      return undefined;
  }
}
