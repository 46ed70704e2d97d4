import { dialectFinding, isMap, Tree, type Dialect, type FindingInfo, type Source } from '@orchlint/core';
import { buildWorkflow } from './build.js';
import { commandsFolder, discoveredNames, discoveryOf } from './discovery.js';
import { resolveIncludes } from './includes.js';
import type { WorkflowModel } from './model.js';
import { archonGraph, archonOutline, referenceSlots } from './services.js';
import { DEFAULT_VERSION, resolveVersion, schemaFor } from './versions.js';

const WORKFLOW_PATH = /(^|\/)\.archon\/workflows\/.+\.ya?ml$/i;
const YAML_FILE = /\.ya?ml$/i;
const HAS_NODES = /^nodes[ \t]*:/m;
const HAS_NAME = /^(name|description)[ \t]*:/m;

const LOADER = 'loader.ts parseWorkflow: "YAML file is empty or does not contain an object" (a load error)';
const EMPTY_FILE: FindingInfo = { id: 'archon/empty-file', severity: 'error', summary: 'the workflow file is empty', basis: LOADER };
const NOT_A_MAPPING: FindingInfo = { id: 'archon/not-a-mapping', severity: 'error', summary: 'the workflow is not a mapping at the top level', basis: LOADER };

export const archon: Dialect<WorkflowModel> = {
  id: 'archon',
  findings: [EMPTY_FILE, NOT_A_MAPPING],
  defaultTarget: DEFAULT_VERSION,

  detect(path, text) {
    if (WORKFLOW_PATH.test(path)) return 'unit';
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
          dialectFinding(root ? NOT_A_MAPPING : EMPTY_FILE, source, span, `the file ${what}; an Archon workflow is a mapping with name, description and nodes`),
        );
      }
      return { model: undefined, diagnostics, sources: [source] };
    }
    const version = resolveVersion(targets.archon);
    const model = buildWorkflow(tree, source, root, { version, includeChain: [] });
    model.includeChain.push(model.name ?? source.path.replace(/^.*\//, '').replace(/\.ya?ml$/i, ''));
    resolveIncludes(model, host, version);
    const commands = commandsFolder(source.path, host);
    if (commands) model.commands = commands;
    const discovery = discoveryOf(source.path, host);
    let consulted: string[] = [];
    if (discovery) {
      model.discovery = discovery;
      // A file the engine does not load (too deep, or in a package it rejects) clashes with no name.
      const loaded = discovery.depth === 0 || discovery.packageFiles?.length === 1;
      if (loaded && model.name !== undefined) {
        const others = discoveredNames(source.path, host);
        consulted = others.consulted;
        discovery.namesakes = others.names.filter((n) => n.name === model.name);
      }
    }
    // Included files are workflows of their own, linted as their own units; only the main file is this unit's.
    return { model, diagnostics, sources: [source], consulted };
  },

  graph: archonGraph,
  outline: archonOutline,
  schema: (model, path) => (path === model.source.path ? schemaFor(model.version) : undefined),
  referenceSlots,
};
