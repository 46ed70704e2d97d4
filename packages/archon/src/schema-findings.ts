import { isMap, memoized, schemaSubject, type SchemaFinding, type TreeNode } from '@orchlint/core';
import { classifyJoin, DROPPED_WORKFLOW_FIELDS } from './facts.js';
import { KIND_KEYS, type ArchonNode, type WorkflowModel } from './model.js';
import { schemaChecker } from './versions.js';

/** How the engine reacts to a schema violation: rejects the file, drops the value with a log line, or strips an unknown key with a parse warning. */
export type EngineReaction = 'reject' | 'drop' | 'strip';

export interface ClassifiedFinding extends SchemaFinding {
  reaction: EngineReaction;
  /** The node the finding sits in, if any. */
  node?: ArchonNode;
}

/**
 * The model checked against the version's JSON Schema once, each finding classified by what the
 * engine really does with it. Findings a dedicated rule words better (node kinds, legacy steps,
 * racing and threshold joins) are left to that rule.
 */
export const schemaFindings = memoized((model: WorkflowModel): ClassifiedFinding[] => {
  const byTreeNode = new Map<TreeNode, ArchonNode>(model.nodes.map((n) => [n.node, n]));
  const found: ClassifiedFinding[] = [];
  for (const finding of schemaChecker(model.version).check(model.tree)) {
    if (finding.path[0] === 'steps' || finding.keyword === 'propertyNames') continue;
    const missingRoot = finding.path.length === 0 ? missingProperty(finding) : undefined;
    // A legacy steps: file is reported once, as such, by archon/legacy-steps.
    if (missingRoot === 'nodes' && model.fields.has('steps')) continue;
    if (missingRoot) {
      found.push({
        ...finding,
        reaction: 'reject',
        message:
          missingRoot === 'nodes'
            ? "Workflow must have 'nodes:' configuration (a non-empty list of nodes)"
            : `Missing required field '${missingRoot}'`,
      });
      continue;
    }
    const node = nodeOf(model, finding.path, byTreeNode);
    if (node && isKindFinding(model, finding)) continue;
    // A loop node's provider is dropped before the loader checks it: archon/ai-field-ignored says so.
    if (node?.kind === 'loop' && isDroppedLoopProvider(finding)) continue;
    const joinAt = finding.path.lastIndexOf('join');
    if (
      joinAt > 0 &&
      finding.path[joinAt - 1] === 'fan_out' &&
      classifyJoin(valueAt(model.tree.value, finding.path.slice(0, joinAt + 1))) !== 'unknown'
    ) {
      continue;
    }
    const removed = finding.keyword === 'not' && finding.path[finding.path.length - 1] === 'thinking';
    const reserved = finding.keyword === 'not' && finding.path[finding.path.length - 1] === 'id';
    const classified: ClassifiedFinding = removed
      ? {
          ...finding,
          reaction: 'reject',
          message: "'thinking:' has been removed in Archon 0.10; use 'effort:' instead",
        }
      : reserved
        ? {
            ...finding,
            reaction: 'reject',
            message: "node id 'INPUTS' is reserved for the $INPUTS.<name> parameter surface",
          }
        : {
            ...finding,
            reaction: reactionTo(finding),
            message: readable(finding, isMap(model.tree.nodeAt(finding.path).node)),
          };
    if (node) classified.node = node;
    found.push(classified);
  }
  return found;
});

/** The schema's patterns, said in words. */
const PATTERN_WORDS: Record<string, string> = {
  '\\S': 'must not be blank',
  '^(?!\\.)(?!.*\\.\\.)[^/\\\\]+$': "is not a valid command name (no '/' or '\\', no '..', no leading '.')",
  '^[a-zA-Z_][a-zA-Z0-9_-]*$':
    'is not a valid name (start with a letter or underscore; then letters, digits, underscores or hyphens)',
  '^[a-z0-9]+(-[a-z0-9]+)*$': "must be kebab-case (lowercase letters, digits, single hyphens — e.g. 'needs-revision')",
};

/** `onKey`: the finding is about a key of the mapping at its path (a propertyNames check). */
function readable(finding: SchemaFinding, onKey: boolean): string {
  const where = schemaSubject(finding.path);
  if (missingProperty(finding) === 'runtime') return `${where} is a script node: 'runtime' is required ('bun' or 'uv')`;
  if (finding.keyword !== 'pattern') return finding.message;
  const words = PATTERN_WORDS[String(finding.params.pattern)];
  if (!words) return finding.message;
  const value = JSON.stringify(finding.data);
  return onKey ? `key ${value} in ${where} ${words}` : `${where} ${words}: ${value}`;
}

/** The property a 'required' finding misses. */
function missingProperty(finding: SchemaFinding): string | undefined {
  return finding.keyword === 'required' ? String(finding.params.missingProperty) : undefined;
}

function reactionTo(finding: SchemaFinding): EngineReaction {
  const inHooks = finding.path.includes('hooks');
  if (finding.keyword === 'additionalProperties' || finding.keyword === 'unevaluatedProperties')
    return inHooks ? 'reject' : 'strip';
  const top = finding.path[0];
  if (typeof top === 'string' && DROPPED_WORKFLOW_FIELDS.has(top)) return 'drop';
  return 'reject';
}

/** The innermost node whose data path is a prefix of the finding's path. */
function nodeOf(
  model: WorkflowModel,
  path: ReadonlyArray<string | number>,
  byTreeNode: Map<TreeNode, ArchonNode>,
): ArchonNode | undefined {
  let found: ArchonNode | undefined;
  for (let i = 2; i <= path.length; i++) {
    if (path[i - 2] !== 'nodes') continue;
    const hit = byTreeNode.get(model.tree.nodeAt(path.slice(0, i)).node as TreeNode);
    if (hit) found = hit;
  }
  return found;
}

/** "Exactly one kind" lives in the schema as a oneOf; archon/node-kind says it in the engine's words. */
function isKindFinding(model: WorkflowModel, finding: SchemaFinding): boolean {
  const last = finding.path[finding.path.length - 2];
  if (last !== 'nodes') return false;
  if (finding.keyword === 'oneOf') return true;
  const missing = missingProperty(finding);
  return (
    missing !== undefined &&
    (KIND_KEYS as readonly string[]).concat(model.version === '0.9' ? [] : ['wait']).includes(missing)
  );
}

/** A provider on a loop node that the flat schema accepts (a non-blank string) and the transform then drops. */
function isDroppedLoopProvider(finding: SchemaFinding): boolean {
  const last = finding.path[finding.path.length - 1];
  return (
    last === 'provider' && finding.keyword === 'enum' && typeof finding.data === 'string' && finding.data.trim() !== ''
  );
}

function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let v: unknown = root;
  for (const step of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[String(step)] : undefined;
  return v;
}
