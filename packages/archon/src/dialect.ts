import {
  dialectFinding,
  isMap,
  Source,
  Tree,
  type Dialect,
  type FindingInfo,
  type Host,
  type Targets,
} from '@orchlint/core';
import { workflowLenses } from './coverage.js';
import { buildWorkflow } from './build.js';
import { discoveryOf, placeOf, stubFixture } from './placement.js';
import { resolveIncludes, subRunTarget, type IncludeScope } from './includes.js';
import { isStubFixture, type ArchonUnit, type StubFixtureModel, type WorkflowModel } from './model.js';
import { archonProjectRoot, commandsFolder, emptyCommands, roleOf, workflowsRelative } from './project.js';
import { readMcpFiles } from './mcp-configs.js';
import { archonGraph, archonOutline, referenceSlots } from './services.js';
import { archonTarget, DEFAULT_VERSION, resolveVersion, schemaFor } from './versions.js';

const WORKFLOW_PATH = /(^|\/)\.archon\/workflows\/.+\.ya?ml$/i;
const YAML_FILE = /\.ya?ml$/i;
const HAS_NODES = /^nodes[ \t]*:/m;
const HAS_NAME = /^(name|description)[ \t]*:/m;

const LOADER = 'loader.ts parseWorkflow: "YAML file is empty or does not contain an object" (a load error)';
const EMPTY_FILE: FindingInfo = {
  id: 'archon/empty-file',
  severity: 'error',
  clause: 'rejected',
  summary: 'the workflow file is empty',
  basis: LOADER,
};
const NOT_A_MAPPING: FindingInfo = {
  id: 'archon/not-a-mapping',
  severity: 'error',
  clause: 'rejected',
  summary: 'the workflow is not a mapping at the top level',
  basis: LOADER,
};

export const archon: Dialect<ArchonUnit> = {
  id: 'archon',
  findings: [EMPTY_FILE, NOT_A_MAPPING],
  defaultTarget: DEFAULT_VERSION,
  targets: [archonTarget],

  detect(path, text) {
    if (WORKFLOW_PATH.test(path)) {
      // A package's commands/, scripts/ and fixtures/ hold data, not workflows (stub files excepted).
      const root = archonProjectRoot(path);
      const rel = root === undefined ? undefined : workflowsRelative(path, root);
      return rel !== undefined && roleOf(rel).kind === 'resource' ? false : 'unit';
    }
    if (!YAML_FILE.test(path)) return false;
    const head = text.length > 200_000 ? text.slice(0, 200_000) : text;
    return HAS_NODES.test(head) && HAS_NAME.test(head) ? 'unit' : false;
  },

  load(source: Source, host, targets) {
    const tree = new Tree(source);
    const diagnostics = [...tree.diagnostics];
    const root = tree.root && tree.resolve(tree.root);
    if (!tree.usable || !root || !isMap(root)) {
      if (tree.usable) {
        const span = root?.range ? { start: root.range[0], end: root.range[1] } : { start: 0, end: 0 };
        const what = root ? 'is not a mapping' : 'is empty';
        diagnostics.push(
          dialectFinding(
            root ? NOT_A_MAPPING : EMPTY_FILE,
            source,
            span,
            `the file ${what}; an Archon workflow is a mapping with name, description and nodes`,
          ),
        );
      }
      return { model: undefined, diagnostics, sources: [source] };
    }
    const version = resolveVersion(targets.archon);
    const place = placeOf(source.path, host);
    const scope: IncludeScope = {
      project: place.project,
      inProject: place.rel !== undefined,
      host,
      write: place.write,
      version,
    };
    if (place.role?.kind === 'stub-fixture') {
      const model = stubFixture(tree, source, root, place.role.folder, scope);
      return { model, diagnostics, sources: [source], consulted: place.project.consulted };
    }
    const model = buildWorkflow(tree, source, root, { version, includeChain: [] });
    model.includeChain.push(model.name ?? source.path.replace(/^.*\//, '').replace(/\.ya?ml$/i, ''));
    resolveIncludes(model, scope);
    for (const node of model.nodes) {
      // A fan_out's target is checked by lint; every workflow: node's is followed by `trace --follow-workflows`.
      const target = node.kind === 'workflow' ? subRunTarget(node, scope) : undefined;
      if (target) node.subRun = target;
    }
    if (place.rel !== undefined) {
      const config = place.project.config;
      if (config) model.config = { ...config, shown: place.write(config.path) };
      const commands = commandsFolder(place.project, place.role, place.rel, host);
      if (commands) {
        model.commands = commands;
        const empty = emptyCommands(model, commands.files, host);
        if (empty.length)
          model.emptyCommands = empty.map((e) => ({ node: e.node, name: e.name, shown: place.write(e.path) }));
      }
      model.discovery = discoveryOf(model, place.rel, place.role!, place.located, scope);
      const mcpFiles = readMcpFiles(model, place.project.root, host);
      // Included files are workflows of their own, linted as their own units; only the main file is this unit's.
      return { model, diagnostics, sources: [source], consulted: [...place.project.consulted, ...mcpFiles] };
    }
    return { model, diagnostics, sources: [source], consulted: place.project.consulted };
  },

  projectRoot: archonProjectRoot,
  graph: (model) => (isStubFixture(model) ? undefined : archonGraph(model)),
  outline: (model) => (isStubFixture(model) ? { symbols: [], references: [] } : archonOutline(model)),
  schema: (model, path) => (!isStubFixture(model) && path === model.source.path ? schemaFor(model.version) : undefined),
  referenceSlots,
  lenses: (model, host, targets) =>
    isStubFixture(model) ? [] : workflowLenses(model, packageFixtures(model, host, targets)),
};

const STUBS_FILE = /\.stubs\.ya?ml$/;

/** The stub files in a packaged workflow's `fixtures/` folder, in name order, each loaded as the dialect loads it. */
export function packageFixtures(workflow: WorkflowModel, host: Host, targets: Targets): StubFixtureModel[] {
  if (workflow.discovery?.role.kind !== 'packaged') return [];
  const path = workflow.source.path;
  const folder = `${path.slice(0, path.lastIndexOf('/') + 1)}fixtures`;
  const out: StubFixtureModel[] = [];
  for (const name of (host.readDir(folder) ?? []).filter((n) => STUBS_FILE.test(n)).sort()) {
    const file = `${folder}/${name}`;
    const text = host.readFile(file);
    if (text === undefined) continue;
    const model = archon.load(new Source(file, text), host, targets).model;
    if (model && isStubFixture(model)) out.push(model);
  }
  return out;
}
