import { isMap, makeDiagnostic, Tree, type Dialect, type Host, type Source } from '@flowlint/core';
import { buildWorkflow } from './build.js';
import { resolveIncludes } from './includes.js';
import type { WorkflowModel } from './model.js';
import { archonGraph, archonOutline, referenceSlots } from './services.js';
import { resolveVersion, schemaFor } from './versions.js';

const WORKFLOW_PATH = /(^|\/)\.archon\/workflows\/.+\.ya?ml$/i;
const YAML_FILE = /\.ya?ml$/i;
const HAS_NODES = /^nodes[ \t]*:/m;
const HAS_NAME = /^(name|description)[ \t]*:/m;

/** `.archon/commands` beside the `.archon/workflows` folder the file is in, as far as the host can see it. */
function commandsFolder(path: string, host: Host): WorkflowModel['commands'] {
  const at = path.lastIndexOf('.archon/workflows/');
  if (at === -1) return undefined;
  const folder = `${path.slice(0, at)}.archon/commands`;
  const entries = host.readDir(folder);
  if (!entries) return undefined;
  return { folder, names: new Set(entries.filter((e) => e.endsWith('.md')).map((e) => e.slice(0, -3))) };
}

/** How deep under `.archon/workflows/` the file is and, in a package folder, what else that folder holds. */
function discoveryOf(path: string, host: Host): WorkflowModel['discovery'] {
  const at = path.lastIndexOf('.archon/workflows/');
  if (at === -1) return undefined;
  const folders = path.slice(at + '.archon/workflows/'.length).split('/').slice(0, -1);
  if (folders.length !== 1) return { depth: folders.length };
  const entries = host.readDir(path.slice(0, path.lastIndexOf('/'))) ?? [];
  return { depth: 1, packageFiles: entries.filter((e) => YAML_FILE.test(e)).sort() };
}

export const archon: Dialect<WorkflowModel> = {
  id: 'archon',

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
    if (discovery) model.discovery = discovery;
    // Included files are workflows of their own, linted as their own units; only the main file is this unit's.
    return { model, diagnostics, sources: [source] };
  },

  graph: archonGraph,
  outline: archonOutline,
  schema: (model, path) => (path === model.source.path ? schemaFor(model.version) : undefined),
  referenceSlots,
};
