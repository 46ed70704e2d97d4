import { isMap, makeDiagnostic, stringValue, Tree, type Dialect, type Source } from '@orchlint/core';
import { buildPack } from './build.js';
import { packGraphView } from './graph-view.js';
import { packOutline, packReferenceSlots } from './outline.js';
import type { PackModel } from './model.js';
import { promptpackTargets, resolveSpecVersion, specSchema, versionFromSchemaUrl } from './versions.js';

const PACK_FILE = /\.(pack\.json|promptpack\.ya?ml)$/i;
const DATA_FILE = /\.(json|ya?ml)$/i;
const SCHEMA_URL = /promptpack\.org\/schema/;
/** A JSON Schema (the PromptPack schema itself, say) describes packs but is not one. */
const JSON_SCHEMA_DOC = /["']?\$schema["']?\s*:\s*["']?https?:\/\/json-schema\.org\//;
const HAS_PROMPTS = /(^|[\s{,])["']?prompts["']?\s*:/m;
const HAS_TEMPLATE_ENGINE = /(^|[\s{,])["']?template_engine["']?\s*:/m;

export const promptpack: Dialect<PackModel> = {
  id: 'promptpack',
  targets: promptpackTargets,
  graph: packGraphView,

  detect(path, text) {
    if (PACK_FILE.test(path)) return 'unit';
    if (!DATA_FILE.test(path)) return false;
    const head = text.length > 200_000 ? text.slice(0, 200_000) : text;
    if (JSON_SCHEMA_DOC.test(head)) return false;
    if (/"?\$schema"?\s*:\s*["']?https?:\/\/promptpack\.org\/schema/.test(head)) return 'unit';
    return HAS_PROMPTS.test(head) && HAS_TEMPLATE_ENGINE.test(head) ? 'unit' : false;
  },

  load(source: Source, _host, targets) {
    const tree = new Tree(source);
    const diagnostics = [...tree.diagnostics];
    const root = tree.root;
    if (!tree.usable || root === undefined) {
      if (tree.usable && root === undefined) {
        diagnostics.push(makeDiagnostic(source, { start: 0, end: 0 }, 'core/yaml-syntax', 'error', 'the file is empty; a pack needs at least id, name, version, template_engine and prompts'));
      }
      return { model: undefined, diagnostics, sources: [source] };
    }
    if (!isMap(tree.resolve(root))) {
      diagnostics.push(
        makeDiagnostic(source, { start: root.range?.[0] ?? 0, end: root.range?.[1] ?? 0 }, 'core/yaml-syntax', 'error', 'a pack must be a mapping (a JSON object) at the top level'),
      );
      return { model: undefined, diagnostics, sources: [source] };
    }
    const declared = stringValue(tree.get(root, '$schema'));
    const requested = (declared && SCHEMA_URL.test(declared) ? versionFromSchemaUrl(declared) : undefined) ?? targets.promptpack;
    const model = buildPack(tree, source, tree.resolve(root)!, resolveSpecVersion(requested));
    return { model, diagnostics, sources: [source] };
  },

  outline: packOutline,
  schema: (pack, path) => (path === pack.source.path ? specSchema(pack.specVersion) : undefined),
  referenceSlots: packReferenceSlots,
};
