import { packLenses } from './coverage.js';
import {
  dialectFinding,
  FILE_PATTERNS,
  isMap,
  namedBy,
  stringValue,
  Tree,
  type Dialect,
  type FindingInfo,
  type Source,
} from '@orchlint/core';
import { buildPack } from './build.js';
import { packGraphView } from './graph-view.js';
import { packOutline, packReferenceSlots } from './outline.js';
import type { PackModel } from './model.js';
import {
  newestSpecVersion,
  promptpackTargets,
  resolveSpecVersion,
  specSchema,
  versionFromSchemaUrl,
} from './versions.js';

/** Named like a pack (`x.pack.json`, `x.pack.yaml`, `x.promptpack.yaml`, …): a pack whatever it holds. */
const isPackFile = namedBy(FILE_PATTERNS.promptpack);
const DATA_FILE = /\.(json|ya?ml)$/i;
const SCHEMA_URL = /promptpack\.org\/schema/;
/** A JSON Schema (the PromptPack schema itself, say) describes packs but is not one. */
const JSON_SCHEMA_DOC = /["']?\$schema["']?\s*:\s*["']?https?:\/\/json-schema\.org\//;
const HAS_PROMPTS = /(^|[\s{,])["']?prompts["']?\s*:/m;
const HAS_TEMPLATE_ENGINE = /(^|[\s{,])["']?template_engine["']?\s*:/m;

const REQUIRED = 'PromptPack spec: id, name, version, template_engine and prompts are required (schema `required`)';
const EMPTY_FILE: FindingInfo = {
  id: 'promptpack/empty-file',
  severity: 'error',
  clause: 'admissibility',
  summary: 'the pack file is empty',
  basis: REQUIRED,
};
const NOT_A_MAPPING: FindingInfo = {
  id: 'promptpack/not-a-mapping',
  severity: 'error',
  clause: 'admissibility',
  summary: 'the pack is not a mapping (a JSON object) at the top level',
  basis: 'PromptPack spec: a pack is an object (schema `type: object`)',
};

export const promptpack: Dialect<PackModel> = {
  id: 'promptpack',
  findings: [EMPTY_FILE, NOT_A_MAPPING],
  defaultTarget: newestSpecVersion,
  targets: promptpackTargets,
  graph: packGraphView,

  detect(path, text) {
    if (isPackFile(path)) return 'unit';
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
        diagnostics.push(
          dialectFinding(
            EMPTY_FILE,
            source,
            { start: 0, end: 0 },
            'the file is empty; a pack needs at least id, name, version, template_engine and prompts',
          ),
        );
      }
      return { model: undefined, diagnostics, sources: [source] };
    }
    if (!isMap(tree.resolve(root))) {
      diagnostics.push(
        dialectFinding(
          NOT_A_MAPPING,
          source,
          { start: root.range?.[0] ?? 0, end: root.range?.[1] ?? 0 },
          'a pack must be a mapping (a JSON object) at the top level',
        ),
      );
      return { model: undefined, diagnostics, sources: [source] };
    }
    const declared = stringValue(tree.get(root, '$schema'));
    const requested =
      (declared && SCHEMA_URL.test(declared) ? versionFromSchemaUrl(declared) : undefined) ?? targets.promptpack;
    const model = buildPack(tree, source, tree.resolve(root)!, resolveSpecVersion(requested));
    return { model, diagnostics, sources: [source] };
  },

  outline: packOutline,
  lenses: (pack, host) => packLenses(pack, host),
  schema: (pack, path) => (path === pack.source.path ? specSchema(pack.specVersion) : undefined),
  referenceSlots: packReferenceSlots,
};
