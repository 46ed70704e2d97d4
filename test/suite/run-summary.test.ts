import { describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { needs } from '../support/needs.js';
import RunSummary from '../support/run-summary.js';

interface FakeTest {
  name: string;
  skipped?: { group: string; why: string };
  inSuite?: { group: string; why: string };
  state?: 'passed' | 'skipped';
}

/** What the reporter reads of a test file: its id, its times, and each test's name, state and metadata. */
function fakeModule(file: string, ms: number, tests: FakeTest[]): TestModule {
  const module = {
    type: 'module',
    moduleId: `/repo/${file}`,
    diagnostic: () => ({ prepareDuration: 0, collectDuration: ms / 2, duration: ms / 2 }),
    children: {
      *allTests() {
        for (const t of tests) {
          const suite = { type: 'suite', meta: () => (t.inSuite ? { skipped: t.inSuite } : {}), parent: module };
          yield {
            fullName: t.name,
            meta: () => (t.skipped ? { skipped: t.skipped } : {}),
            result: () => ({ state: t.state ?? 'passed' }),
            parent: suite,
          };
        }
      },
    },
  };
  return module as unknown as TestModule;
}

function summary(modules: TestModule[]): { lines: string[]; exitCode: typeof process.exitCode } {
  const reporter = new RunSummary();
  reporter.onInit({ config: { root: '/repo' } } as never);
  let out = '';
  const write = process.stdout.write;
  const before = process.exitCode;
  process.stdout.write = ((s: string) => {
    out += s;
    return true;
  }) as typeof process.stdout.write;
  try {
    reporter.onTestRunEnd(modules);
    return { lines: out.trim().split('\n'), exitCode: process.exitCode };
  } finally {
    process.stdout.write = write;
    process.exitCode = before;
  }
}

describe('the closing lines of a test run', () => {
  const nvim = needs('Neovim', 'nvim is not on PATH').meta!.skipped;
  const corpus = needs('Upstream corpus', '../shared/corpus does not exist').meta!.skipped;

  it('name the ten slowest files, slowest first, and the wall time', () => {
    const modules = Array.from({ length: 12 }, (_, i) => fakeModule(`test/f${i}.test.ts`, (i + 1) * 1000, []));
    const { lines } = summary(modules);
    expect(lines[0]).toBe('Slowest test files (of 12):');
    expect(lines.slice(1, 11)).toEqual(
      Array.from({ length: 10 }, (_, i) => `  ${`${12 - i}.0 s`.padStart(8)}  test/f${11 - i}.test.ts`),
    );
    expect(lines[11]).toMatch(/^Total: \d+\.\d s wall\.$/);
  });

  it('end with one line naming each skipped group, its count of tests and why', () => {
    const { lines, exitCode } = summary([
      fakeModule('test/a.test.ts', 10, [
        { name: 'a > one', inSuite: nvim, state: 'skipped' },
        { name: 'a > two', inSuite: nvim, state: 'skipped' },
        { name: 'a > ran', state: 'passed' },
      ]),
      fakeModule('test/b.test.ts', 10, [{ name: 'b', skipped: corpus, state: 'skipped' }]),
    ]);
    expect(lines.at(-1)).toBe(
      'Skipped on this machine: Neovim (2 tests: nvim is not on PATH); Upstream corpus (1 test: ../shared/corpus does not exist).',
    );
    expect(exitCode).toBeUndefined();
  });

  it('say so when nothing was skipped, and fail the run on a test declared twice in one file', () => {
    const once = summary([fakeModule('test/a.test.ts', 10, [{ name: 'x' }, { name: 'y' }])]);
    expect(once.lines.at(-1)).toBe('Skipped on this machine: nothing.');
    expect(once.exitCode).toBeUndefined();
    const twice = summary([
      fakeModule('test/a.test.ts', 10, [{ name: 'x' }, { name: 'x' }]),
      fakeModule('test/b.test.ts', 10, [{ name: 'x' }]),
    ]);
    expect(twice.lines.at(-1)).toBe('Declared twice (the run fails): test/a.test.ts > x');
    expect(twice.exitCode).toBe(1);
  });

  it('needs() skips only when something is missing', () => {
    expect(needs('Neovim', false)).toEqual({});
    expect(needs('Neovim', undefined)).toEqual({});
    expect(needs('Neovim', 'nvim is not on PATH')).toEqual({
      skip: true,
      meta: { skipped: { group: 'Neovim', why: 'nvim is not on PATH' } },
    });
  });
});
