import { isMap, Source, Tree, type Host } from '@orchlint/core';
import { buildWorkflow } from './build.js';
import type { ArchonNode, ArchonVersion, IncludeInfo, WorkflowModel } from './model.js';

/** "Chains up to this many include levels are allowed" (include-expander.ts, INCLUDE_MAX_DEPTH). */
export const INCLUDE_MAX_DEPTH = 3;

/** Workflows Archon 0.9 bundles: an include of one of these resolves with no file in the project. */
export const BUNDLED_WORKFLOWS: ReadonlySet<string> = new Set([
  'archon-adversarial-dev', 'archon-architect', 'archon-assist', 'archon-comprehensive-pr-review',
  'archon-create-issue', 'archon-feature-development', 'archon-fix-github-issue', 'archon-idea-to-pr',
  'archon-interactive-prd', 'archon-issue-review-full', 'archon-piv-loop', 'archon-plan-to-pr',
  'archon-ralph-dag', 'archon-refactor-safely', 'archon-remotion-generate', 'archon-resolve-conflicts',
  'archon-review-block', 'archon-smart-pr-review', 'archon-test-loop-dag', 'archon-validate-pr',
  'archon-workflow-builder',
]);

/** A target the engine can see at load time: a plain name, no reference or template. */
export function isStaticName(value: unknown): value is string {
  return typeof value === 'string' && /^[^\s${}%`]+$/.test(value);
}

const WORKFLOW_FILE = /\.ya?ml$/i;
const NAME_LINE = /^name:[ \t]*(['"]?)(.*?)\1[ \t]*(?:#.*)?$/m;

/**
 * Resolves every `include:` of the model through the host, the way discovery does: by workflow
 * name, in the workflow's own folder and in the project's `.archon/workflows` (one folder deep).
 * Each found target is built as a model of its own, recursively, so cycles and the depth limit
 * are seen; reads stay inside the host's root.
 */
export function resolveIncludes(model: WorkflowModel, host: Host, version: ArchonVersion): void {
  const folders = searchFolders(model.source.path, host);
  for (const node of model.nodes) {
    if (node.include) node.include.resolution = resolveOne(node.include, model, host, version, folders);
  }
}

function resolveOne(info: IncludeInfo, model: WorkflowModel, host: Host, version: ArchonVersion, folders: string[]): IncludeInfo['resolution'] {
  const target = info.target.value;
  if (!isStaticName(target)) return { kind: 'dynamic' };
  if (model.includeChain.includes(target)) return { kind: 'cycle', chain: [...model.includeChain, target] };
  if (model.includeChain.length > INCLUDE_MAX_DEPTH) return { kind: 'too-deep', chain: [...model.includeChain, target] };
  const path = findWorkflow(target, folders, host);
  if (!path) return BUNDLED_WORKFLOWS.has(target) ? { kind: 'bundled' } : { kind: 'not-found', searched: folders };
  const source = new Source(path, host.readFile(path)!);
  const tree = new Tree(source);
  const root = tree.root && tree.resolve(tree.root);
  if (!tree.usable || !root || !isMap(root)) return { kind: 'not-found', searched: folders };
  const workflow = buildWorkflow(tree, source, root, { version, includeChain: [...model.includeChain, target] });
  resolveIncludes(workflow, host, version);
  return { kind: 'found', path, source, workflow };
}

/** The folder of the file, then `.archon/workflows` and its subfolders when the file lives under one. */
function searchFolders(path: string, host: Host): string[] {
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
  const folders = [dir];
  const at = path.lastIndexOf('.archon/workflows/');
  if (at !== -1) {
    const base = path.slice(0, at) + '.archon/workflows';
    folders.push(base);
    for (const entry of host.readDir(base) ?? []) {
      if (!WORKFLOW_FILE.test(entry) && host.readDir(`${base}/${entry}`)) folders.push(`${base}/${entry}`);
    }
  }
  return [...new Set(folders)];
}

function findWorkflow(name: string, folders: string[], host: Host): string | undefined {
  const named = (path: string): boolean => {
    const text = host.readFile(path);
    return text !== undefined && NAME_LINE.exec(text)?.[2] === name;
  };
  for (const folder of folders) {
    for (const ext of ['yaml', 'yml']) {
      const path = `${folder}/${name}.${ext}`;
      if (named(path)) return path;
    }
  }
  // Files whose name mentions the target are read first: usually the first read is the hit.
  const candidates = folders.flatMap((folder) => (host.readDir(folder) ?? []).filter((e) => WORKFLOW_FILE.test(e)).map((e) => ({ entry: e, path: `${folder}/${e}` })));
  const likely = candidates.filter((c) => c.entry.includes(name));
  for (const c of [...likely, ...candidates.filter((c) => !c.entry.includes(name))]) if (named(c.path)) return c.path;
  return undefined;
}

/** Why an include cannot expand, following found targets down the chain; undefined when it expands. */
export function includeFailure(node: ArchonNode): { message: string; at?: string } | undefined {
  const info = node.include;
  if (!info) return undefined;
  const r = info.resolution;
  switch (r.kind) {
    case 'not-found':
      return {
        message: `include target '${String(info.target.value)}' not found: no workflow with that name in ${r.searched.join(', ')} (Archon also looks in ~/.archon/workflows, which orchlint cannot see)`,
      };
    case 'cycle':
      return { message: `include cycle detected: ${r.chain.join(' -> ')}` };
    case 'too-deep':
      return { message: `include depth limit exceeded (max ${INCLUDE_MAX_DEPTH} levels): ${r.chain.join(' -> ')}` };
    case 'found':
      for (const inner of r.workflow.nodes) {
        const failure = includeFailure(inner);
        if (failure) return { message: failure.message, at: failure.at ?? r.path };
      }
      return undefined;
    default:
      return undefined;
  }
}
