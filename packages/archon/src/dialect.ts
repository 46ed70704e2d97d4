import { isMap, makeDiagnostic, Tree, type Dialect, type Source } from '@orchlint/core';
import { buildWorkflow } from './build.js';
import { commandsFolder, discoveredNames, discoveryOf } from './discovery.js';
import { resolveIncludes } from './includes.js';
import type { WorkflowModel } from './model.js';
import { archonGraph, archonOutline, referenceSlots } from './services.js';
import { archonTarget, resolveVersion, schemaFor } from './versions.js';

const WORKFLOW_PATH = /(^|\/)\.archon\/workflows\/.+\.ya?ml$/i;
const YAML_FILE = /\.ya?ml$/i;
const HAS_NODES = /^nodes[ \t]*:/m;
const HAS_NAME = /^(name|description)[ \t]*:/m;

export const archon: Dialect<WorkflowModel> = {
  id: 'archon',
  targets: [archonTarget],

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
        diagnostics.push(
          makeDiagnostic(source, span, 'core/yaml-syntax', 'error', 'the file is empty or is not a mapping; an Archon workflow is a mapping with name, description and nodes'),
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
