import path from 'node:path';
import type { Reporter, TestCase, TestModule, TestSuite, Vitest } from 'vitest/node';

const SLOWEST = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Closes every test run with its wall time and slowest files, the groups this machine skipped and
 * why, and any test declared twice in one file (which fails the run: it ran the same check twice
 * under one name, or meant to check something else).
 */
export default class RunSummary implements Reporter {
  private started = performance.now();
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.started = performance.now();
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out: string[] = [''];
    const timed = modules
      .map((m) => {
        const d = m.diagnostic();
        return { file: path.relative(this.root, m.moduleId), ms: d.prepareDuration + d.collectDuration + d.duration };
      })
      .sort((a, b) => b.ms - a.ms);
    out.push(`Slowest test files (of ${modules.length}):`);
    for (const { file, ms } of timed.slice(0, SLOWEST)) out.push(`  ${seconds(ms).padStart(8)}  ${file}`);
    out.push(`Total: ${seconds(performance.now() - this.started)} wall.`);

    const skipped = new Map<string, { why: string; tests: number }>();
    const declaredTwice: string[] = [];
    for (const m of modules) {
      const names = new Set<string>();
      for (const test of m.children.allTests()) {
        const name = test.fullName;
        if (names.has(name)) declaredTwice.push(`${path.relative(this.root, m.moduleId)} > ${name}`);
        names.add(name);
        const reason = skipReason(test);
        if (!reason || test.result().state !== 'skipped') continue;
        const entry = skipped.get(reason.group) ?? { why: reason.why, tests: 0 };
        entry.tests++;
        skipped.set(reason.group, entry);
      }
    }
    out.push(
      skipped.size
        ? `Skipped on this machine: ${[...skipped].map(([group, { why, tests }]) => `${group} (${tests} ${tests === 1 ? 'test' : 'tests'}: ${why})`).join('; ')}.`
        : 'Skipped on this machine: nothing.',
    );
    if (declaredTwice.length) {
      out.push(`Declared twice (the run fails): ${declaredTwice.join('; ')}`);
      process.exitCode = 1;
    }
    process.stdout.write(`${out.join('\n')}\n`);
  }
}

/** The reason `needs()` gave the test, or one of the groups around it. */
function skipReason(test: TestCase): { group: string; why: string } | undefined {
  const own = test.meta().skipped;
  if (own) return own;
  for (let parent: TestSuite | TestModule = test.parent; parent.type === 'suite'; parent = parent.parent) {
    const found = parent.meta().skipped;
    if (found) return found;
  }
  return undefined;
}
