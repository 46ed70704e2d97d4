import { defineRule, type Located, type Report } from '@orchlint/core';
import {
  dryRun,
  flatOrigins,
  flattenWorkflow,
  isStubFixture,
  readStubFile,
  type ArchonUnit,
  type DryRunEntry,
  type DryRunResult,
  type WorkflowModel,
} from '@orchlint/archon';

const OUTCOMES = new Set(['completed', 'failed', 'paused', 'cancelled']);

export default defineRule<ArchonUnit>({
  id: 'archon/fixture-expectation',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    "dry-run.ts (0.9): with every node stubbed the dry run is deterministic (topological layers, trigger rules, when: against the stubs, loops against their until), so a fixture's 'fixture:' expectation (expect, reached, fail-node) that this run contradicts fails on every run",
  summary: "a fixture's 'fixture:' expectation (expect, reached, fail-node) that the dry run of its stubs contradicts",
  check(model, report) {
    if (!isStubFixture(model) || model.workflows.length !== 1) return;
    const file = readStubFile(model);
    const expected = file.expectations;
    if (!expected || file.rejected) return;
    const workflow = model.workflows[0]!;
    // A workflow Archon does not load has no run to judge a fixture by: its own errors say why.
    if (flattenWorkflow(workflow).loadErrors.length) return;
    const result = dryRun(workflow, { stubs: file.stubs });
    // Only a run every stub decides is a verdict: a missing stub (a sparse fixture) or a node the dry
    // run cannot enter leaves the run to what `archon workflow test` fills in.
    if (result.missingStubs.length || result.trace.some((e) => e.reason?.startsWith('Dry-run does not execute')))
      return;
    const step = stepText(workflow, result);
    const expect = expected.expect;
    if (expect && OUTCOMES.has(expect.value) && expect.value !== result.outcome) {
      const decisive = decidingEntry(result);
      report({
        at: expect.node,
        message: `Archon loads this file, but its 'fixture.expect' cannot hold: with these stubs the dry run of ${workflow.label} ends '${result.outcome}', not '${expect.value}'${decisive ? `: ${step(decisive)}` : ''}; fix the stubs or the expectation`,
        ...related(workflow, decisive),
      });
    }
    for (const id of expected.reached) notReached(report, workflow, result, id, step);
    for (const id of expected.failNodes) {
      const entries = result.trace.filter((e) => e.nodeId === id.value);
      const ran = entries.find((e) => e.state === 'stubbed' || e.state === 'completed');
      if (!ran || entries.some((e) => e.state === 'failed')) continue;
      report({
        at: id.node,
        message: `Archon loads this file, but its 'fixture.fail-node' cannot hold: with these stubs '${id.value}' does not fail: ${step(ran)}; drop it from fail-node, or stub what makes it fail`,
        ...related(workflow, ran),
      });
    }
  },
});

/** A reached node that the run skips every time it comes to it, or never comes to. */
function notReached(
  report: Report,
  workflow: WorkflowModel,
  result: DryRunResult,
  id: Located<string>,
  step: (e: DryRunEntry) => string,
): void {
  const entries = result.trace.filter((e) => e.nodeId === id.value);
  if (entries.some((e) => e.state !== 'skipped')) return;
  const skip = entries[0];
  const halt = result.trace.find((e) => e.state === 'paused' || e.reason === 'workflow cancelled');
  if (!skip && !halt) return;
  report({
    at: id.node,
    message: skip
      ? `Archon loads this file, but its 'fixture.reached' cannot hold: with these stubs the dry run skips '${id.value}': ${step(skip)}; fix the stubs or the expectation`
      : `Archon loads this file, but its 'fixture.reached' cannot hold: with these stubs the dry run stops before '${id.value}': ${step(halt!)}; fix the stubs or the expectation`,
    ...related(workflow, skip ?? halt),
  });
}

/** The step that settles the outcome: the first failure, the gate or cancel that halted, else the last step. */
function decidingEntry(result: DryRunResult): DryRunEntry | undefined {
  return (
    result.trace.find((e) => e.state === 'failed') ??
    result.trace.find((e) => e.state === 'paused' || e.reason === 'workflow cancelled') ??
    result.trace[result.trace.length - 1]
  );
}

/** A trace step in words: `node 'fix' is skipped (when_condition_false: $review.output.verdict == 'revise')`. */
function stepText(workflow: WorkflowModel, result: DryRunResult): (e: DryRunEntry) => string {
  const origins = flatOrigins(workflow);
  return (e) => {
    const origin = origins.get(e.nodeId);
    const when = origin?.node.when?.located.value;
    const why =
      e.reason === 'when_condition_false' && when
        ? `${e.reason}: ${when}`
        : e.reason === 'trigger_rule' && origin
          ? `trigger_rule: ${upstreamStates(origin.dependsOn, e, result.trace)}`
          : (e.reason ?? e.output ?? '');
    const verb = e.state === 'stubbed' ? 'runs on its stub' : `is ${e.state}`;
    return `node '${e.nodeId}' ${verb}${why ? ` (${why.split('\n')[0]})` : ''}`;
  };
}

/** How the dependencies of a node its trigger rule skipped had ended, in that iteration. */
function upstreamStates(dependsOn: readonly string[], skipped: DryRunEntry, trace: readonly DryRunEntry[]): string {
  const before = trace.slice(0, trace.indexOf(skipped)).filter((e) => e.iteration === skipped.iteration);
  return dependsOn.map((id) => `'${id}' ${before.findLast((e) => e.nodeId === id)?.state ?? 'never ran'}`).join(', ');
}

/** The node the step is about, in the workflow (or the included file) it is written in. */
function related(workflow: WorkflowModel, entry: DryRunEntry | undefined) {
  const origin = entry && flatOrigins(workflow).get(entry.nodeId);
  if (!origin) return {};
  return {
    related: [
      { at: origin.node.idField?.node ?? origin.node.node, source: origin.file, message: `the step that decides it` },
    ],
  };
}
