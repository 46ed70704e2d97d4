import { defineRule, didYouMean, type At, type Field, type Report } from '@orchlint/core';
import {
  isStubFixture,
  type ArchonNode,
  type ArchonUnit,
  type StubEntry,
  type StubFixtureModel,
} from '@orchlint/archon';

/** Keys of a fixture file that are not stubs (fixture-runner.ts, RESERVED_FIXTURE_KEYS). */
const RESERVED = new Set(['fixture', 'exec-code']);
/** `fixture:` keys that name nodes: in a list, as a single id, or as the keys of a mapping. */
const NODE_LISTS = new Set(['reached', 'fail-node', 'resolved-text-contains']);

const fits = (declared: string, actual: string): boolean =>
  declared === actual || (declared === 'number' && actual === 'integer');
const article = (kind: string): string => (/^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`);

export default defineRule<ArchonUnit>({
  id: 'archon/stub-fixture',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "dry-run.ts (0.9): a stub file is one mapping of node ids to a string or a mapping, else 'Invalid dry-run stub file'; a node runs on the stub of its own id (after include expansion) or fails 'Missing reachable stub'; a mapping stub is the node's structured output",
  summary:
    'a dry-run stub file must map node ids of its workflow (after include expansion) to outputs the node declares',
  check(model, report) {
    if (!isStubFixture(model)) return;
    if (!model.stubs) {
      report({
        at: model.root,
        message: `a dry-run stub file must be one mapping of node ids to outputs; Archon rejects this file ('Invalid dry-run stub file')`,
      });
      return;
    }
    for (const stub of model.stubs) {
      const entry = stub.field;
      const key = entry.key.value;
      if (RESERVED.has(key)) {
        checkReserved(model, report, stub);
        continue;
      }
      const kind = entry.type;
      if (kind !== 'object' && kind !== 'string') {
        report({
          at: entry.node ?? entry.key,
          message: `the stub for '${key}' is ${kind === 'null' ? 'empty' : article(kind)}, but a stub is a string (the node's text output) or a mapping (its structured output); Archon rejects the whole stub file ('Invalid dry-run stub file')`,
        });
        continue;
      }
      const node = nodeNamed(
        model,
        report,
        key,
        entry.key,
        "the dry run leaves this stub unused and the node it meant fails with 'Missing reachable stub'",
      );
      if (node) checkOutput(report, stub, node, kind);
    }
  },
});

/** The node a stub key names, or a finding (with a did-you-mean) when no workflow beside the fixture has it. */
function nodeNamed(
  model: StubFixtureModel,
  report: Report,
  id: string,
  at: At,
  consequence: string,
): ArchonNode | undefined {
  if (!model.workflows.length) return undefined;
  const node = model.stubbable.get(id);
  if (node) return node;
  if (model.stubbable.behindOpaqueInclude(id)) return undefined;
  const whose = model.workflows.map((w) => w.label).join(' or ');
  const expanded = model.stubbable.startingWith(`${id}__`);
  const nearest = expanded.length ? undefined : model.stubbable.nearest(id);
  const hint = expanded.length
    ? `; '${id}' is an include, expanded into ${expanded.map((k) => `'${k}'`).join(', ')}: stub those`
    : didYouMean(id, nearest === undefined ? [] : [nearest]);
  report({ at, message: `'${id}' is not a node id of ${whose} after include expansion, so ${consequence}${hint}` });
  return undefined;
}

/** `exec-code:` is a boolean; node ids under `fixture:` name nodes as stub keys do. */
function checkReserved(model: StubFixtureModel, report: Report, { field: entry, named }: StubEntry): void {
  if (entry.key.value === 'exec-code') {
    if (entry.type !== 'boolean')
      report({
        at: entry.node ?? entry.key,
        message: `'exec-code' must be true or false; Archon rejects the fixture file otherwise`,
      });
    return;
  }
  for (const { field, ids } of named) {
    if (!NODE_LISTS.has(field.key.value)) continue;
    for (const id of ids)
      nodeNamed(model, report, id.value, id, `'fixture.${field.key.value}' names no node and the fixture cannot pass`);
  }
}

/** A stub for a node that declares output_format becomes its structured output: it must be what the schema asks for. */
function checkOutput(report: Report, { field: entry, block }: StubEntry, node: ArchonNode, kind: string): void {
  const key = entry.key.value;
  const at = entry.node!;
  const format = node.outputFormat;
  if (!format || (format.type !== undefined && format.type !== 'object')) return;
  if (kind !== 'object') {
    // A string that is a JSON object's text reads as the same fields.
    if (jsonObjectText(entry)) return;
    report({
      at,
      message: `node '${key}' declares output_format, so its stub should be a mapping of those fields; a string stub leaves '$${key}.output.<field>' with no fields to read`,
    });
    return;
  }
  const given = new Map(block.fields.map((f) => [f.key.value, f]));
  const missing = [...format.required].filter((f) => !given.has(f));
  if (missing.length) {
    report({
      at: entry.key,
      message: `the stub for '${key}' lacks ${missing.map((f) => `'${f}'`).join(', ')}, which node '${key}' output_format requires; add ${missing.length > 1 ? 'them' : 'it'} so the dry run reads what a real run would`,
    });
  }
  for (const [name, e] of given) {
    const declared = format.properties.get(name)?.type;
    const actual = e.type;
    if (declared !== undefined && !fits(declared, actual)) {
      report({
        at: e.node ?? e.key,
        message: `'${name}' of the stub for '${key}' is ${article(actual)}, but node '${key}' output_format declares it ${declared}`,
      });
    }
  }
}

function jsonObjectText(field: Field): boolean {
  if (typeof field.value !== 'string') return false;
  try {
    const parsed: unknown = JSON.parse(field.value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}
