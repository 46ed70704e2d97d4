import { isMap, type Source, Tree, type Host, type TreeNode } from '@orchlint/core';
import { buildWorkflow } from './build.js';
import { expandedIds } from './expansion.js';
import { resolveIncludes, type IncludeScope } from './includes.js';
import type { Discovery, ProjectRole, StubFixtureModel, WorkflowModel } from './model.js';
import {
  archonProjectRoot,
  folderAt,
  join,
  pathWriter,
  projectAt,
  roleOf,
  sourceOf,
  workflowsRelative,
  type ArchonProject,
} from './project.js';

/** Where a linted file sits: its project (or plain folder), its role there, and how to name other files. */
export interface Place {
  project: ArchonProject;
  /** The host's absolute path of the file, else the path as given. */
  located: string;
  /** Under `.archon/workflows/`, when the file is in a project. */
  rel?: string;
  role?: ProjectRole;
  write: (path: string) => string;
}

export function placeOf(path: string, host: Host): Place {
  const located = host.locate?.(path) ?? path;
  const write = pathWriter(path, host.locate ? located : undefined);
  const root = archonProjectRoot(located);
  const rel = root === undefined ? undefined : workflowsRelative(located, root);
  if (root === undefined || rel === undefined) {
    const folder = located.includes('/') ? located.slice(0, located.lastIndexOf('/')) : '.';
    return { project: folderAt(folder, host), located, write };
  }
  return { project: projectAt(root, host), located, rel, role: roleOf(rel), write };
}

/** The file's place in discovery: what the engine does with it, and the other files it clashes with. */
export function discoveryOf(
  model: WorkflowModel,
  rel: string,
  role: ProjectRole,
  located: string,
  scope: IncludeScope,
): Discovery {
  const { project, write } = scope;
  const discovery: Discovery = { role, rel };
  const parts = rel.split('/');
  const badFolder = [parts[0]!, parts.slice(0, 2).join('/')].find(
    (f, i) => i < parts.length - 1 && project.badFolders.has(f),
  );
  if (badFolder) discovery.badFolder = badFolder;
  if (role.kind === 'packaged') {
    const files = project.badPackages.get(role.folder);
    if (files) discovery.packageFiles = files;
  }
  const clash = project.filenameClashes.get(rel);
  if (clash) discovery.filenameClash = clash;
  // Only a file discovery keeps takes part in name clashes.
  if (model.name !== undefined && project.byPath.has(located)) {
    discovery.namesakes = (project.byName.get(model.name) ?? [])
      .filter((w) => w.path !== located)
      .map((w) => ({ source: sourceOf(w, write), rel: w.rel, name: w.declared!.name, span: w.declared!.span }));
  }
  return discovery;
}

/**
 * A stub file's model: its mapping, and the node ids the package's workflow has once its includes
 * are expanded (the ids a dry run looks its stubs up by).
 */
export function stubFixture(
  tree: Tree,
  source: Source,
  root: TreeNode,
  folder: string,
  scope: IncludeScope,
): StubFixtureModel {
  const dir = folder === '' ? scope.project.workflowsDir : join(scope.project.workflowsDir, folder);
  const workflows: WorkflowModel[] = [];
  for (const file of (scope.host.readDir(dir) ?? []).filter((e) => e.endsWith('.yaml') || e.endsWith('.yml')).sort()) {
    const path = join(dir, file);
    const text = scope.host.readFile(path);
    if (text === undefined) continue;
    const workflowSource = sourceOf({ path, rel: folder ? `${folder}/${file}` : file, text }, scope.write);
    const workflowTree = new Tree(workflowSource);
    const workflowRoot = workflowTree.root && workflowTree.resolve(workflowTree.root);
    if (!workflowTree.usable || !workflowRoot || !isMap(workflowRoot)) continue;
    const workflow = buildWorkflow(workflowTree, workflowSource, workflowRoot, {
      version: scope.version,
      includeChain: [],
    });
    workflow.includeChain.push(workflow.name ?? file.replace(/\.ya?ml$/, ''));
    resolveIncludes(workflow, scope);
    workflows.push(workflow);
  }
  return { kind: 'stub-fixture', source, tree, root, folder, workflows, stubbable: expandedIds(workflows) };
}
