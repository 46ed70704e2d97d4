import type { Diagnostic } from '@orchlint/core';
import type { LintRun } from '../lint.js';
import { version } from '../version.js';
import { fails, type FormatContext } from './report.js';

/**
 * JUnit XML for CI test reports: one testcase per linted file, failing when the file has a finding
 * that fails the run (an error, or a warning under --strict); other findings go to system-out.
 */
export function* formatJunit(run: LintRun, context: FormatContext): Generator<string> {
  const byPath = new Map<string, Diagnostic[]>();
  for (const d of run.diagnostics) {
    const list = byPath.get(d.path) ?? [];
    list.push(d);
    byPath.set(d.path, list);
  }
  const paths = [...new Set([...run.files.map((f) => f.path), ...byPath.keys()])].sort();
  const dialectOf = new Map(run.files.map((f) => [f.path, f.dialect]));
  // The counts head the report: counted before any case is written.
  const failures = paths.filter((path) => (byPath.get(path) ?? []).some((d) => fails(d, context.strict))).length;
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="orchlint" tests="${paths.length}" failures="${failures}" errors="0">`,
    `  <testsuite name="orchlint ${xml(version)}" tests="${paths.length}" failures="${failures}" errors="0" skipped="0">`,
    '',
  ].join('\n');
  for (const path of paths) {
    const found = byPath.get(path) ?? [];
    const failing = found.filter((d) => fails(d, context.strict));
    const other = found.filter((d) => !fails(d, context.strict));
    const attrs = `name="${xml(path)}" classname="orchlint.${xml(dialectOf.get(path) ?? 'unknown')}" file="${xml(path)}" time="0"`;
    const body: string[] = [];
    if (failing.length) {
      const summary = `${failing.length} problem${failing.length === 1 ? '' : 's'}: ${failing
        .map((d) => d.rule)
        .filter(unique)
        .join(', ')}`;
      body.push(
        `      <failure message="${xml(summary)}" type="${xml(failing[0]!.rule)}">${xml(failing.map(line).join('\n'))}</failure>`,
      );
    }
    if (other.length) body.push(`      <system-out>${xml(other.map(line).join('\n'))}</system-out>`);
    yield body.length ? `    <testcase ${attrs}>\n${body.join('\n')}\n    </testcase>\n` : `    <testcase ${attrs}/>\n`;
  }
  yield '  </testsuite>\n</testsuites>\n';
}

function line(d: Diagnostic): string {
  return `${d.path}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.message} [${d.rule}]`;
}

function unique<T>(v: T, i: number, all: T[]): boolean {
  return all.indexOf(v) === i;
}

/** XML text and attribute escaping; characters XML 1.0 cannot hold at all are dropped. */
function xml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
