import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  defineRule,
  lintUnit,
  memoryHost,
  Source,
  Tree,
  type Dialect,
  type Entry,
  type LintSettings,
  type Rule,
} from '../src/index.js';

/** A toy dialect: any YAML mapping; its model is the top-level entries. */
interface Model {
  entries: Entry[];
}
const toy: Dialect<Model> = {
  id: 'toy',
  detect: () => 'unit',
  load(source) {
    const tree = new Tree(source);
    return {
      model: tree.usable ? { entries: tree.entries(tree.root) } : undefined,
      diagnostics: tree.diagnostics,
      sources: [source],
    };
  },
};

const upperKeys = defineRule<Model>({
  id: 'toy/upper-key',
  dialect: 'toy',
  severity: 'warning',
  basis: 'derived: test',
  summary: 'keys are lower case',
  check(model, report) {
    for (const e of model.entries) {
      if (e.key !== e.key.toLowerCase()) {
        report({
          at: e.keyNode,
          message: `key '${e.key}' is not lower case`,
          related: [{ at: e.value!, message: 'its value' }],
          fix: { title: 'Lower-case it', edits: [{ at: e.keyNode, newText: e.key.toLowerCase() }] },
        });
      }
    }
  },
});
const throws = defineRule<Model>({
  id: 'toy/throws',
  dialect: 'toy',
  severity: 'error',
  basis: 'derived: test',
  summary: 'always fails',
  check() {
    throw new Error('boom');
  },
});
const otherDialect: Rule<any> = { ...upperKeys, id: 'other/upper-key', dialect: 'other' };

const text = 'Name: x\nid: y\nTitle: z\nid: again\n';
const run = (rules: readonly Rule<any>[], settings: LintSettings = defaultSettings, dialect: Dialect<any> = toy) =>
  lintUnit(new Source('toy.yaml', text), dialect, rules, memoryHost({ 'toy.yaml': text }), settings);
const summary = (ds: ReturnType<typeof run>['diagnostics']) =>
  ds.map((d) => `${d.range.start.line + 1}:${d.rule}:${d.severity}`);

describe('lintUnit', () => {
  it('runs each rule of the dialect once, with load findings, sorted by position', () => {
    const result = run([upperKeys, otherDialect]);
    expect(result.dialect).toBe('toy');
    expect(summary(result.diagnostics)).toEqual([
      '1:toy/upper-key:warning',
      '3:toy/upper-key:warning',
      '4:core/duplicate-key:error',
    ]);
    expect(result.sources.map((s) => s.path)).toEqual(['toy.yaml']);
  });

  it('turns at, related and fix into ranges and spans of the file', () => {
    const [first] = run([upperKeys]).diagnostics;
    expect(first).toMatchObject({
      path: 'toy.yaml',
      message: "key 'Name' is not lower case",
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } },
      span: { start: 0, end: 4 },
    });
    expect(first!.related).toEqual([
      {
        path: 'toy.yaml',
        span: { start: 6, end: 7 },
        range: { start: { line: 0, character: 6 }, end: { line: 0, character: 7 } },
        message: 'its value',
      },
    ]);
    expect(first!.fix).toEqual({ title: 'Lower-case it', edits: [{ span: { start: 0, end: 4 }, newText: 'name' }] });
  });

  it('a rule that throws becomes one core/internal-error, and the other rules still run', () => {
    const result = run([throws, upperKeys]);
    const internal = result.diagnostics.filter((d) => d.rule === 'core/internal-error');
    expect(internal).toHaveLength(1);
    expect(internal[0]).toMatchObject({ severity: 'error', range: { start: { line: 0, character: 0 } } });
    expect(internal[0]!.message).toContain('rule toy/throws');
    expect(internal[0]!.message).toContain('boom');
    expect(result.diagnostics.filter((d) => d.rule === 'toy/upper-key')).toHaveLength(2);
  });

  it('a dialect whose load throws gives one core/internal-error and runs no rule', () => {
    const broken: Dialect<Model> = {
      ...toy,
      load() {
        throw new TypeError('cannot read x of undefined');
      },
    };
    const result = run([upperKeys], defaultSettings, broken);
    expect(summary(result.diagnostics)).toEqual(['1:core/internal-error:error']);
    expect(result.diagnostics[0]!.message).toContain('loading as toy');
  });

  it('runs no rule when there is no model, and keeps the load findings', () => {
    const noModel: Dialect<Model> = {
      ...toy,
      load: (source) => ({ model: undefined, diagnostics: new Tree(source).diagnostics, sources: [source] }),
    };
    expect(summary(run([upperKeys, throws], defaultSettings, noModel).diagnostics)).toEqual([
      '4:core/duplicate-key:error',
    ]);
  });

  it('configured severities apply to rules and to core findings; off removes them', () => {
    const settings: LintSettings = {
      rules: { 'toy/upper-key': 'error', 'core/duplicate-key': 'warning' },
      targets: {},
    };
    expect(summary(run([upperKeys], settings).diagnostics)).toEqual([
      '1:toy/upper-key:error',
      '3:toy/upper-key:error',
      '4:core/duplicate-key:warning',
    ]);
    const off: LintSettings = { rules: { 'toy/upper-key': 'off', 'core/duplicate-key': 'off' }, targets: {} };
    expect(run([upperKeys], off).diagnostics).toEqual([]);
  });

  it('an off rule is not run at all', () => {
    const off: LintSettings = { rules: { 'toy/throws': 'off' }, targets: {} };
    expect(run([throws], off).diagnostics.filter((d) => d.rule === 'core/internal-error')).toEqual([]);
  });

  it('drops exact repeats of a finding', () => {
    const twice = defineRule<Model>({
      ...upperKeys,
      id: 'toy/twice',
      check: (m, report, ctx) => {
        upperKeys.check(m, report, ctx);
        upperKeys.check(m, report, ctx);
      },
    });
    expect(run([twice]).diagnostics.filter((d) => d.rule === 'toy/twice')).toHaveLength(2);
  });

  it('passes the main source and the targets to rules', () => {
    let seen: unknown;
    const spy = defineRule<Model>({
      ...upperKeys,
      id: 'toy/spy',
      check: (_m, _r, ctx) => {
        seen = { path: ctx.source.path, targets: ctx.targets };
      },
    });
    run([spy], { rules: {}, targets: { toy: '2.0' } });
    expect(seen).toEqual({ path: 'toy.yaml', targets: { toy: '2.0' } });
  });
});
