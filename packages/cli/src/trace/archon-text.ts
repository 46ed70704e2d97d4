import { flatOrigins, type DryRunResult, type WorkflowModel } from '@orchlint/archon';
import { escapeControls } from '../formatters/report.js';
import type { ArchonRun } from './archon.js';

type Origins = ReturnType<typeof flatOrigins>;

/** The runs as Archon's dry run prints them (state, node, type, reason, output), each node with where it is written. */
export function formatArchonRuns(runs: readonly ArchonRun[]): string {
  return runs.map(formatRun).join('\n');
}

function formatRun(run: ArchonRun): string {
  const lines = [`Dry run: ${run.result.workflow} (${run.stubs ? `stubs: ${run.stubs}` : 'no stubs'})`];
  entries(run.result, run.workflow, '  ', lines);
  lines.push(...footer(run.result, ''));
  return lines.map(escapeControls).join('\n') + '\n';
}

function entries(result: DryRunResult, workflow: WorkflowModel, indent: string, lines: string[]): void {
  const origins: Origins = flatOrigins(workflow);
  for (const entry of result.trace) {
    const iteration = entry.iteration ? ` [iteration ${entry.iteration}]` : '';
    const reason = entry.reason ? ` — ${oneLine(entry.reason)}` : '';
    const at = where(origins.get(entry.nodeId));
    lines.push(
      `${indent}${entry.state.toUpperCase().padEnd(9)} ${entry.nodeId} (${entry.nodeType})${iteration}${reason}${at}`,
    );
    if (entry.output !== undefined) lines.push(`${indent}  output: ${oneLine(entry.output)}`);
    const child = entry.subRun;
    const target = origins.get(entry.nodeId)?.node.subRun?.workflow;
    if (child && target) {
      entries(child, target, `${indent}    `, lines);
      lines.push(...footer(child, `${indent}    `));
    }
  }
}

function where(origin: Origins extends Map<string, infer O> ? O | undefined : never): string {
  const range = origin?.node.node.range;
  if (!origin || !range) return '';
  return `  (${origin.file.path}:${origin.file.positionAt(range[0]).line + 1})`;
}

function footer(result: DryRunResult, indent: string): string[] {
  const lines = [`${indent}Outcome: ${result.outcome}`];
  if (result.missingStubs.length) lines.push(`${indent}Missing stubs: ${result.missingStubs.join(', ')}`);
  if (result.unusedStubs.length) lines.push(`${indent}Unused stubs: ${result.unusedStubs.join(', ')}`);
  if (result.summary) lines.push(`${indent}Summary: ${oneLine(result.summary)}`);
  return lines;
}

/** The first line of a text, marked when there is more. */
const oneLine = (text: string) => {
  const first = text.split('\n')[0] ?? '';
  return first.length < text.length ? `${first} …` : first;
};
