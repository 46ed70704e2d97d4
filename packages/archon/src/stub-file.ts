import type { Field, Located } from '@orchlint/core';
import type { StubValue } from './dry-run.js';
import type { StubEntry, StubFixtureModel } from './model.js';

/** Keys of a fixture file that are not stubs (`archon workflow test`): its expectations and `exec-code`. */
export const RESERVED_FIXTURE_KEYS: ReadonlySet<string> = new Set(['fixture', 'exec-code']);

/** What a fixture's `fixture:` block declares the run must do. */
export interface FixtureExpectations {
  /** `fixture.expect`: the outcome. */
  expect?: Located<string>;
  /** `fixture.reached`: nodes that must run. */
  reached: Located<string>[];
  /** `fixture.fail-node`: nodes that must fail. */
  failNodes: Located<string>[];
  /** The `fixture:` key itself. */
  at: Field;
}

export interface StubFile {
  stubs: Map<string, StubValue>;
  /** Why Archon rejects the file as a stub file, when it does. */
  rejected?: string;
  expectations?: FixtureExpectations;
}

/** A stub file's stubs (node id → string or mapping) and its fixture expectations, from the model. */
export function readStubFile(model: StubFixtureModel): StubFile {
  const stubs = new Map<string, StubValue>();
  if (!model.stubs) return { stubs, rejected: 'expected one YAML mapping of node ids to outputs' };
  let rejected: string | undefined;
  let expectations: FixtureExpectations | undefined;
  for (const entry of model.stubs) {
    const key = entry.field.key.value;
    if (key === 'fixture') {
      expectations = expectationsOf(entry);
      continue;
    }
    if (RESERVED_FIXTURE_KEYS.has(key)) continue;
    const value = entry.field.node?.toJSON() as unknown;
    if (typeof value === 'string') stubs.set(key, value);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value))
      stubs.set(key, value as Record<string, unknown>);
    else rejected ??= `${key}: a stub is a string or a mapping`;
  }
  const file: StubFile = { stubs };
  if (rejected) file.rejected = rejected;
  if (expectations) file.expectations = expectations;
  return file;
}

function expectationsOf({ field: at, block, named }: StubEntry): FixtureExpectations {
  const out: FixtureExpectations = { reached: [], failNodes: [], at };
  for (const { field, ids } of named) {
    if (field.key.value === 'reached') out.reached.push(...ids);
    else if (field.key.value === 'fail-node') out.failNodes.push(...ids);
  }
  const expect = block.byKey.get('expect');
  if (typeof expect?.value === 'string' && expect.node) out.expect = { value: expect.value, node: expect.node };
  return out;
}
