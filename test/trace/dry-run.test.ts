import { describe, expect, it } from 'vitest';
import { memoryHost, Source } from '@orchlint/core';
import {
  archon,
  dryRun,
  isStubFixture,
  type DryRunOptions,
  type StubValue,
  type WorkflowModel,
} from '@orchlint/archon';

/*
 * The dry run's semantics, case by case, as Archon 0.9's own dry run gives them (each case was
 * checked against it; test/trace/archon-oracle.test.ts repeats that check wherever the engine is at hand).
 */

function workflowOf(files: Record<string, string>, file = Object.keys(files)[0]!): WorkflowModel {
  const model = archon.load(new Source(file, files[file]!), memoryHost(files), {}).model;
  if (!model || isStubFixture(model)) throw new Error(`${file} is not a workflow`);
  return model;
}

const wf = (nodes: string, extra = '') =>
  workflowOf({ '.archon/workflows/t.yaml': `name: t\ndescription: test\n${extra}nodes:\n${nodes}` });

function run(model: WorkflowModel, stubs: Record<string, StubValue>, options: DryRunOptions = {}) {
  const result = dryRun(model, { ...options, stubs: new Map(Object.entries(stubs)) });
  return { ...result, steps: result.trace.map((e) => `${e.nodeId}:${e.state}${e.reason ? `:${e.reason}` : ''}`) };
}

describe('the Archon dry run', () => {
  const branch = wf(`
  - id: classify
    prompt: Classify.
  - id: bug
    depends_on: [classify]
    when: "$classify.output == 'bug'"
    prompt: Fix.
  - id: question
    depends_on: [classify]
    when: "$classify.output == 'question'"
    prompt: Answer.
  - id: report
    depends_on: [bug, question]
    trigger_rule: one_success
    prompt: Report.
`);

  it('runs layer by layer, skips a false when:, and joins by trigger_rule', () => {
    const r = run(branch, { classify: 'bug', bug: 'fixed', question: 'answered', report: 'done' });
    expect(r.steps).toEqual([
      'classify:stubbed',
      'bug:stubbed',
      'question:skipped:when_condition_false',
      'report:stubbed',
    ]);
    expect(r.outcome).toBe('completed');
    expect(r.unusedStubs).toEqual(['question']);
    expect(r.summary).toBe('done');
  });

  it('fails a reachable node without a stub and skips its all_success dependents', () => {
    const r = run(branch, { classify: 'question' });
    expect(r.steps).toEqual([
      'classify:stubbed',
      'bug:skipped:when_condition_false',
      "question:failed:Missing reachable stub for node 'question'",
      'report:skipped:trigger_rule',
    ]);
    expect(r.outcome).toBe('failed');
    expect(r.missingStubs).toEqual(['question']);
  });

  it('skips a when: outside the grammar as a parse error, only once it is reached', () => {
    const model = wf(`
  - id: a
    prompt: A.
  - id: b
    depends_on: [a]
    when: "$a.output == 'x' && $a.output = 'y'"
    prompt: B.
  - id: c
    depends_on: [a]
    when: "$a.output == 'z' && $a.output = 'y'"
    prompt: C.
`);
    expect(run(model, { a: 'x', b: 'b', c: 'c' }).steps).toEqual([
      'a:stubbed',
      'b:skipped:when_condition_parse_error',
      'c:skipped:when_condition_false',
    ]);
  });

  it('reads $id.output.field of a mapping stub, and fails a node whose field the producer does not declare', () => {
    const model = wf(`
  - id: review
    prompt: Review.
    output_format:
      type: object
      properties:
        verdict: { type: string }
  - id: fix
    depends_on: [review]
    when: "$review.output.verdict == 'revise'"
    prompt: Fix.
  - id: audit
    depends_on: [review]
    when: "$review.output.score > 3"
    prompt: Audit.
`);
    const r = run(model, { review: { verdict: 'revise' }, fix: 'ok', audit: 'ok' });
    expect(r.steps.slice(0, 2)).toEqual(['review:stubbed', 'fix:stubbed']);
    expect(r.trace[2]).toMatchObject({ nodeId: 'audit', state: 'failed' });
    expect(r.trace[2]!.reason).toContain("'score' is not in node 'review' output_format");
  });

  it('ends a loop on its until signal in the stub, and fails one whose stub never gives it', () => {
    const model = wf(`
  - id: work
    loop:
      prompt: Work.
      until: DONE
      max_iterations: 3
`);
    expect(run(model, { work: 'all good <promise>DONE</promise>' }).steps).toEqual([
      'work:stubbed:completion signal after 1 iteration(s)',
    ]);
    expect(run(model, { work: 'DONE is not yet here' }).steps).toEqual([
      "work:failed:Loop exceeded max iterations (3) without completion signal 'DONE'",
    ]);
  });

  it('runs a loop group body once per iteration until its last body output signals', () => {
    const model = wf(`
  - id: fixup
    loop_group:
      until: CLEAN
      max_iterations: 2
      nodes:
        - id: edit
          prompt: Edit.
        - id: check
          depends_on: [edit]
          bash: make check
`);
    const r = run(model, { edit: 'edited', check: 'still dirty' });
    expect(r.trace.map((e) => `${e.nodeId}:${e.state}:${e.iteration ?? ''}`)).toEqual([
      'edit:stubbed:1',
      'check:stubbed:1',
      'edit:stubbed:2',
      'check:stubbed:2',
      'fixup:failed:',
    ]);
    expect(run(model, { edit: 'edited', check: 'CLEAN' }).steps.at(-1)).toBe(
      'fixup:completed:completion signal after 1 iteration(s)',
    );
  });

  it("ends a loop on until_field or until as the snapshot's dry run does, and assumes an until_bash passed (it cannot run it)", () => {
    const model = wf(`
  - id: field
    loop:
      prompt: Work.
      until_field: finished
      max_iterations: 3
    output_format:
      type: object
      properties: { finished: { type: boolean } }
      required: [finished]
  - id: both
    loop:
      prompt: Work.
      until: DONE
      until_bash: test -f .done
      max_iterations: 3
  - id: group
    loop_group:
      until_bash: test -f .clean
      max_iterations: 2
      nodes:
        - id: edit
          prompt: Edit.
`);
    expect(run(model, { field: { finished: true }, both: 'not yet', edit: 'edited' }).steps).toEqual([
      "field:stubbed:'finished' is true after 1 iteration(s)",
      "both:stubbed:assumed complete after 1 iteration(s) — 'until_bash' is not executed in a dry run",
      'edit:stubbed',
      "group:completed:assumed complete after 1 iteration(s) — 'until_bash' is not executed in a dry run",
    ]);
    expect(run(model, { field: { finished: false }, both: 'DONE', edit: 'edited' }).steps.slice(0, 2)).toEqual([
      "field:failed:Loop exceeded max iterations (3) without 'finished' ever being true",
      'both:stubbed:completion signal after 1 iteration(s)',
    ]);
  });

  it("reads $INPUTS from the declared defaults under the values given, in texts and in when:, as the snapshot's dry run does", () => {
    const model = wf(
      `
  - id: fast
    when: "$INPUTS.mode == 'fast'"
    prompt: "Go $INPUTS.mode."
  - id: topic
    prompt: "On $INPUTS.topic."
`,
      'inputs:\n  mode: { default: fast }\n  topic: { required: true }\n',
    );
    expect(run(model, { fast: 'went', topic: 't' }).steps).toEqual([
      'fast:stubbed',
      "topic:failed:Unknown input '$INPUTS.topic'. Available inputs: $INPUTS.mode.",
    ]);
    const given = run(
      model,
      { fast: 'went', topic: 't' },
      {
        inputs: new Map([
          ['mode', 'slow'],
          ['topic', 'x'],
        ]),
      },
    );
    expect(given.steps).toEqual(['fast:skipped:when_condition_false', 'topic:stubbed']);
  });

  it('ends at once on a loop that may run 10⁹ times (lint runs this on every fixture: it hung)', () => {
    const loop = wf(`
  - id: fix
    loop:
      prompt: Fix.
      until: DONE
      max_iterations: 1000000000
`);
    expect(run(loop, { fix: 'not yet' }).steps).toEqual([
      "fix:failed:Loop exceeded max iterations (1000000000) without completion signal 'DONE'",
    ]);
    const group = wf(`
  - id: fixup
    loop_group:
      until: CLEAN
      max_iterations: 1000000000
      nodes:
        - id: edit
          prompt: Edit.
`);
    const r = run(group, { edit: 'edited' });
    // Each iteration repeats the first: the trace lists the first hundred, then the failure.
    expect(r.trace).toHaveLength(101);
    expect(r.steps.at(-1)).toBe(
      "fixup:failed:Loop group exceeded max iterations (1000000000) without completion signal 'CLEAN'",
    );
  });

  it('approves a gate, pauses at it with pauseAtGates, rejects it with reject, and stops at a cancel', () => {
    const model = wf(
      `
  - id: gate
    approval:
      message: Go?
  - id: ship
    depends_on: [gate]
    prompt: Ship.
  - id: stop
    depends_on: [ship]
    cancel: shipped, stop here
  - id: after
    depends_on: [stop]
    prompt: Never.
`,
      'interactive: true\n',
    );
    expect(run(model, { ship: 'shipped' }).steps).toEqual([
      'gate:completed:auto-approved',
      'ship:stubbed',
      'stop:completed:workflow cancelled',
    ]);
    expect(run(model, { ship: 'shipped' }).outcome).toBe('cancelled');
    const paused = run(model, { ship: 'shipped' }, { pauseAtGates: true });
    expect([paused.outcome, paused.steps]).toEqual(['paused', ['gate:paused:approval gate']]);
    // A real run's rejection of a gate with no reject decision cancels the run (rejectWorkflow).
    const rejected = run(model, { ship: 'shipped' }, { reject: new Set(['gate']) });
    expect([rejected.outcome, rejected.steps]).toEqual([
      'cancelled',
      ['gate:failed:rejected (--reject): the run is cancelled'],
    ]);
  });

  it('rejects a gate with a reject decision into its when: edges, and one with on_reject after its attempts', () => {
    const decided = wf(`
  - id: gate
    approval:
      message: Go?
      decisions: [{ id: approve }, { id: reject }]
  - id: rework
    depends_on: [gate]
    when: "$gate.output.decision == 'reject'"
    prompt: Rework.
  - id: ship
    depends_on: [gate]
    when: "$gate.output.decision == 'approve'"
    prompt: Ship.
`);
    const r = run(decided, { rework: 'reworked' }, { reject: new Set(['gate']) });
    expect([r.outcome, r.steps]).toEqual([
      'completed',
      ['gate:completed:rejected (--reject)', 'rework:stubbed', 'ship:skipped:when_condition_false'],
    ]);
    expect(r.trace[0]!.output).toBe('{"decision":"reject","text":""}');
    const reworked = wf(`
  - id: gate
    approval:
      message: Go?
      on_reject: { prompt: "Fix: $REJECTION_REASON", max_attempts: 2 }
  - id: ship
    depends_on: [gate]
    prompt: Ship.
`);
    const again = run(reworked, { ship: 'shipped' }, { reject: new Set(['gate']) });
    expect(again.outcome).toBe('cancelled');
    expect(again.steps).toEqual([
      'gate:failed:rejected (--reject) on every attempt: the run is cancelled once on_reject.max_attempts is used up',
    ]);
  });

  it("gives a cancel node's reason as the loader trims it, its output and the run's summary alike", () => {
    const model = wf(`
  - id: stop
    cancel: |
      Stopped here.
      Fix it and run again.
`);
    const r = run(model, {});
    expect(r.trace[0]!.output).toBe('Stopped here.\nFix it and run again.');
    expect(r.summary).toBe('Stopped here.\nFix it and run again.');
  });

  it('inlines an include: namespaced ids, the include gate on entry nodes, depends_on on every sink', () => {
    const model = workflowOf({
      '.archon/workflows/main.yaml': `name: main
description: m
nodes:
  - id: plan
    prompt: Plan.
  - id: review
    depends_on: [plan]
    include: block
    with: { topic: tests }
  - id: after
    depends_on: [review]
    prompt: "Read $review.output"
`,
      '.archon/workflows/block.yaml': `name: block
description: b
inputs:
  topic: { required: true }
nodes:
  - id: scan
    prompt: Scan $INPUTS.topic.
  - id: judge
    depends_on: [scan]
    when: "$scan.output != 'skip'"
    prompt: Judge.
  - id: note
    depends_on: [scan]
    prompt: Note.
`,
    });
    const r = run(model, { plan: 'p', review__scan: 'skip', review__judge: 'j', review__note: 'n', after: 'a' });
    expect(r.steps).toEqual([
      'plan:stubbed',
      'review__scan:stubbed',
      'review__judge:skipped:when_condition_false',
      'review__note:stubbed',
      'after:skipped:trigger_rule',
    ]);
  });

  it('fails a workflow: node as 0.9 does, and follows it into its target when asked', () => {
    const files = {
      '.archon/workflows/parent.yaml': `name: parent
description: p
nodes:
  - id: call
    workflow: child
  - id: after
    depends_on: [call]
    prompt: After.
`,
      '.archon/workflows/child.yaml': `name: child
description: c
nodes:
  - id: inner
    prompt: Inner.
`,
    };
    const model = workflowOf(files);
    expect(run(model, { after: 'a' }).steps).toEqual([
      'call:failed:Dry-run does not execute reachable workflow nodes',
      'after:skipped:trigger_rule',
    ]);
    const followed = run(model, { after: 'a' }, { followWorkflow: () => new Map([['inner', 'from the child']]) });
    expect(followed.steps).toEqual(["call:completed:followed into 'child'", 'after:stubbed']);
    expect(followed.trace[0]!.subRun?.trace.map((e) => e.nodeId)).toEqual(['inner']);
  });

  it("gives a followed workflow its with: values as inputs (defaults filled), as the engine's sub-run does; a required one left out fails the node", () => {
    const files = {
      '.archon/workflows/parent.yaml': `name: parent
description: p
nodes:
  - id: pick
    prompt: Pick a topic.
  - id: call
    depends_on: [pick]
    workflow: child
    input: "about $pick.output"
    with:
      topic: $pick.output
  - id: bare
    depends_on: [pick]
    workflow: child
`,
      '.archon/workflows/child.yaml': `name: child
description: c
inputs:
  topic: { required: true }
  tone: { default: calm }
nodes:
  - id: inner
    prompt: "Write on $INPUTS.topic, $INPUTS.tone: $ARGUMENTS"
`,
    };
    const model = workflowOf(files);
    const followed = run(model, { pick: 'tides' }, { followWorkflow: () => new Map([['inner', 'an essay']]) });
    expect(followed.steps).toEqual([
      'pick:stubbed',
      "call:completed:followed into 'child'",
      "bare:failed:Node 'bare': sub-run workflow 'child' requires input 'topic'. Pass it through 'with:'.",
    ]);
    expect(followed.trace[1]!.subRun?.trace.map((e) => `${e.nodeId}:${e.state}`)).toEqual(['inner:stubbed']);
  });

  it('fails a command: node whose command the project does not have', () => {
    const model = workflowOf({
      '.archon/workflows/c.yaml':
        'name: c\ndescription: c\nnodes:\n  - id: a\n    command: nowhere\n  - id: b\n    command: here\n',
      '.archon/commands/here.md': 'Do it.\n',
    });
    expect(run(model, { a: 'x', b: 'y' }).steps).toEqual(["a:failed:Command 'nowhere' not found", 'b:stubbed']);
  });
});
