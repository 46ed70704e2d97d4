import { isMap, type Source, Tree, type Host, type TreeNode } from '@orchlint/core';
import { buildWorkflow, stubEntries } from './build.js';
import { expandedIds } from './expansion.js';
import { BUNDLED_WORKFLOWS, resolveIncludes, subRunTarget, type IncludeScope } from './includes.js';
import type { Discovery, ProjectRole, StubFixtureModel, WorkflowModel } from './model.js';
import {
  archonProjectRoot,
  commandsFolder,
  folderAt,
  isWorkflowFile,
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
  const discovery: Discovery = { role, rel, projectNames: project.byName };
  const parts = rel.split('/');
  const badFolder = [parts[0]!, parts.slice(0, 2).join('/')].find(
    (f, i) => i < parts.length - 1 && project.badFolders.has(f),
  );
  if (badFolder) discovery.badFolder = badFolder;
  // The package folder a file is in, or under: one the engine rejects reports on the files that made it one
  // (a too-deep file only when the folder holds no workflow file, since those it holds report it otherwise).
  const files = parts.length > 2 ? project.badPackages.get(parts.slice(0, 2).join('/')) : undefined;
  if (
    files &&
    (role.kind === 'packaged' ||
      (role.kind === 'unmatched-extension' && role.depth === 2) ||
      (role.kind === 'too-deep' && files.length === 0))
  )
    discovery.packageFiles = files;
  const clash = project.filenameClashes.get(rel);
  if (clash) discovery.filenameClash = clash;
  const overrides = project.flatOverrides.get(rel);
  if (overrides) discovery.overrides = overrides;
  const filename = parts[parts.length - 1]!;
  const bundled = filename.slice(0, -'.yaml'.length);
  if (filename.endsWith('.yaml') && BUNDLED_WORKFLOWS.has(bundled) && project.byPath.has(located))
    discovery.replacesBundled = bundled;
  // Only a file discovery keeps takes part in name clashes; files of one file name are one workflow to it.
  if (model.name !== undefined && project.byPath.has(located)) {
    // Names and places from the project's index: a name n files share costs each of them n small
    // records, not n sources of the other files.
    discovery.namesakes = (project.byName.get(model.name) ?? [])
      .filter((w) => w.path !== located && !overrides?.includes(w.rel))
      .map((w) => ({ path: write(w.path), rel: w.rel, ...w.declared! }));
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
  // 0.9 reads `.archon/workflows/fixtures/` as a grouping folder and `<group>/fixtures/` as a package folder.
  let readAs: StubFixtureModel['readAs'];
  if (!folder.includes('/') && scope.inProject) {
    const fixtures = folder === '' ? 'fixtures' : `${folder}/fixtures`;
    const files = (scope.host.readDir(join(scope.project.workflowsDir, fixtures)) ?? []).filter(isWorkflowFile).sort();
    readAs = { folder: fixtures, as: folder === '' ? 'group' : 'package', files };
  }
  const dir = folder === '' ? scope.project.workflowsDir : join(scope.project.workflowsDir, folder);
  const workflows: WorkflowModel[] = [];
  // A misplaced stub file belongs to no package: the workflows beside its folder are not the ones it stubs.
  const beside = readAs ? [] : (scope.host.readDir(dir) ?? []).filter(isWorkflowFile).sort();
  for (const file of beside) {
    const path = join(dir, file);
    const text = scope.host.readFile(path);
    if (text === undefined) continue;
    const rel = folder ? `${folder}/${file}` : file;
    const workflowSource = sourceOf(path, text, scope.write);
    const workflowTree = new Tree(workflowSource);
    const workflowRoot = workflowTree.root && workflowTree.resolve(workflowTree.root);
    if (!workflowTree.usable || !workflowRoot || !isMap(workflowRoot)) continue;
    const workflow = buildWorkflow(workflowTree, workflowSource, workflowRoot, {
      version: scope.version,
      includeChain: [],
    });
    workflow.includeChain.push(workflow.name ?? file.replace(/\.ya?ml$/, ''));
    resolveIncludes(workflow, scope);
    // What the dry run of the fixture needs besides the nodes: the commands they name and the workflows they call.
    const commands = commandsFolder(scope.project, roleOf(rel), rel, scope.host);
    if (commands) workflow.commands = commands;
    for (const node of workflow.nodes) {
      const target = node.kind === 'workflow' ? subRunTarget(node, scope) : undefined;
      if (target) node.subRun = target;
    }
    workflows.push(workflow);
  }
  const model: StubFixtureModel = {
    kind: 'stub-fixture',
    source,
    tree,
    root,
    folder,
    workflows,
    stubbable: expandedIds(workflows),
    stubs: stubEntries(tree, root),
  };
  if (readAs) model.readAs = readAs;
  return model;
}
