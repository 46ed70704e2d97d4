import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { tempFiles } from '../support/orchlint-bin.js';
import { repoRoot } from '../support/paths.js';

const project = path.join(repoRoot, 'fixtures/archon/stub-fixture/valid-project');
const deliver = '.archon/workflows/sdlc/deliver/deliver.yaml';
const traceDir = path.join(repoRoot, 'fixtures/trace');

describe('orchlint trace on an Archon workflow', () => {
  it('runs each fixture of the package in turn, with the states, reasons and outcome', async () => {
    const r = await orchlintInProcess(['trace', deliver], { cwd: project });
    expect(r.code).toBe(0);
    const runs = r.stdout.split('\n\n');
    expect(runs).toHaveLength(2);
    expect(runs[0]).toContain(
      'Dry run: sdlc-deliver (stubs: .archon/workflows/sdlc/deliver/fixtures/clean.stubs.yaml)',
    );
    expect(runs[0]).toMatch(
      /SKIPPED {3}fix \(prompt\) — when_condition_false {2}\(\.archon\/workflows\/sdlc\/deliver\/deliver\.yaml:15\)/,
    );
    expect(runs[0]).toMatch(
      /STUBBED {3}review__critique \(prompt\) {2}\(\.archon\/workflows\/sdlc\/review-block\/review-block\.yaml:10\)/,
    );
    expect(runs[1]).toMatch(/STUBBED {3}fix \(prompt\)/);
    expect(r.stdout).toContain('Outcome: completed');
  });

  it("prints one JSON line per run with the fields of Archon's DryRunResult", async () => {
    const r = await orchlintInProcess(['trace', deliver, '--format', 'json'], { cwd: project });
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[1])).toEqual([
      'workflow',
      'outcome',
      'trace',
      'missingStubs',
      'unusedStubs',
      'summary',
      'stubs',
    ]);
    expect(lines[1].trace.map((e: { nodeId: string; state: string }) => `${e.nodeId}:${e.state}`)).toEqual([
      'implement:stubbed',
      'check:stubbed',
      'review__gather:stubbed',
      'review__critique:stubbed',
      'fix:stubbed',
    ]);
  });

  it('takes --stubs, fails (exit 1) with the missing stubs named, as the dry run does', async () => {
    const r = await orchlintInProcess(
      ['trace', deliver, '--stubs', '.archon/workflows/sdlc/review-block/fixtures/approve.stubs.yaml'],
      {
        cwd: project,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("FAILED    implement (command) — Missing reachable stub for node 'implement'");
    expect(r.stdout).toContain('Missing stubs: implement');
  });

  it('refuses a missing stub file and a flag of another dialect with one line and exit 2', async () => {
    const missing = await orchlintInProcess(['trace', deliver, '--stubs', 'nope.yaml'], { cwd: project });
    expect([missing.code, missing.stderr]).toEqual([2, 'orchlint: Dry-run stub file not found: nope.yaml\n']);
    const events = await orchlintInProcess(['trace', deliver, '--events', 'A'], { cwd: project });
    expect([events.code, events.stderr]).toEqual([
      2,
      'orchlint: --events is for promptpack files; this is a archon file\n',
    ]);
  });
});

describe('orchlint trace: flags that name what is not there', () => {
  const decided = path.join(repoRoot, 'fixtures/archon/fixture-expectation/valid-decided');
  const release = '.archon/workflows/ops/release/release.yaml';

  it('--reject rejects the gate it names, and refuses a name that is no approval node (a typo approved it silently)', async () => {
    const rejected = await orchlintInProcess(['trace', release, '--reject', 'gate'], { cwd: decided });
    expect(rejected.stdout).toContain('FAILED    gate (approval) — rejected (--reject): the run is cancelled');
    expect(rejected.stdout).toContain('Outcome: cancelled');
    const typo = await orchlintInProcess(['trace', release, '--reject', 'gates'], { cwd: decided });
    expect([typo.code, typo.stdout, typo.stderr]).toEqual([
      2,
      '',
      "orchlint: --reject gates: no approval node of that id in workflow 'ops-release' (its approval nodes: gate)\n",
    ]);
  });

  it('refuses --stubs beside a stub file named to trace (the named file was run, --stubs ignored)', async () => {
    const fixture = '.archon/workflows/ops/release/fixtures/green.stubs.yaml';
    const r = await orchlintInProcess(['trace', fixture, '--stubs', 'other.yaml'], { cwd: decided });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      2,
      '',
      `orchlint: ${fixture} is a stub file itself: trace it alone, or trace a workflow with --stubs other.yaml\n`,
    ]);
  });

  it('says a --stubs file outside the project is outside it, not that it does not exist', async () => {
    const outside = '../valid-sparse/.archon/workflows/ops/release/fixtures/sparse.stubs.yaml';
    const r = await orchlintInProcess(['trace', release, '--stubs', outside], { cwd: decided });
    expect([r.code, r.stderr]).toEqual([
      2,
      `orchlint: Dry-run stub file '${outside}' is outside the workflow's project, which is all orchlint reads: put it in the project (a package's fixtures/ folder runs on its own)\n`,
    ]);
  });

  it('refuses an --only id no prompt has (it printed an empty order), its control characters escaped', async () => {
    const r = await orchlintInProcess(['trace', 'packet', '--only', '9', '--only', 'a\u001b[2J'], { cwd: traceDir });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      2,
      '',
      'orchlint: --only 9, a\\u001b[2J: no prompt of the packet has that id (ids are normalized, "01" not 1; its ids: 01, 02, 03)\n',
    ]);
  });
});

describe('orchlint trace on a workflow Archon does not load', () => {
  it('says why, as the loader refuses it (a cycle, an unknown dependency, a shadowing body id, a refused block, what lint says it rejects), instead of a run', async () => {
    const dir = tempFiles({
      '.archon/workflows/uses-block.yaml':
        'name: uses\ndescription: d\nnodes:\n  - id: blk\n    include: block\n  - id: after\n    depends_on: [blk]\n    prompt: After.\n',
      '.archon/workflows/block.yaml':
        'name: block\ndescription: d\nnodes:\n  - id: scan\n    prompt: Scan.\n  - id: judge\n    depends_on: [scan]\n    when: "$scan.output == \'ok\'"\n    prompt: Judge.\n',
      '.archon/workflows/endless.yaml':
        'name: e\ndescription: d\nnodes:\n  - id: spin\n    loop:\n      prompt: Again.\n      max_iterations: 3\n',
      '.archon/workflows/cycle.yaml':
        'name: c\ndescription: d\nnodes:\n  - id: a\n    depends_on: [b]\n    prompt: A\n  - id: b\n    depends_on: [a]\n    prompt: B\n',
      '.archon/workflows/unknown.yaml':
        'name: u\ndescription: d\nnodes:\n  - id: a\n    depends_on: [zz]\n    prompt: A\n',
      '.archon/workflows/shadow.yaml':
        'name: s\ndescription: d\nnodes:\n  - id: a\n    prompt: A\n  - id: grp\n    loop_group:\n      until: X\n      max_iterations: 2\n      nodes:\n        - id: a\n          prompt: B\n',
    });
    try {
      const why = async (file: string) => {
        const r = await orchlintInProcess(['trace', `.archon/workflows/${file}`], { cwd: dir });
        return [r.code, r.stdout, r.stderr];
      };
      expect(await why('cycle.yaml')).toEqual([
        1,
        '',
        'orchlint: .archon/workflows/cycle.yaml: Archon does not load the workflow: Cycle detected among nodes: a, b; run orchlint on it\n',
      ]);
      expect((await why('unknown.yaml'))[2]).toContain("Node 'a' depends_on unknown node 'zz'");
      expect((await why('shadow.yaml'))[2]).toContain("Node id 'a' shadows a node id in the enclosing DAG");
      // The loader refuses the block (a free-form output compared to a literal), so the include finds no target.
      expect((await why('uses-block.yaml'))[2]).toContain(
        "Archon does not load the workflow: Node 'blk': include target 'block' not found, as the loader refuses it: node 'judge' compares the whole output of AI node 'scan'",
      );
      // What lint says the loader rejects (a loop with no way to end), trace does not run.
      expect((await why('endless.yaml'))[2]).toMatch(
        /^orchlint: \.archon\/workflows\/endless\.yaml: Archon does not load the workflow: .*\[archon\/loop-config\]/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('orchlint trace on a pack', () => {
  const pack = 'promptpack/support.promptpack.yaml';

  it('walks the events: visits, who holds the turn, max_visits sending the walk to on_max_visits', async () => {
    const r = await orchlintInProcess(['trace', pack, '--events', 'promptpack/fixtures/unclear-thrice.events.yaml'], {
      cwd: traceDir,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "6. Unclear → human (max_visits of 'clarify' reached: on_max_visits), visit 1; next turn: user",
    );
    expect(r.stdout).toContain("Ends: at terminal state 'done'");
  });

  it('says who holds the turn after a control: agent state, and reports an event the state does not accept', async () => {
    const r = await orchlintInProcess(['trace', pack, '--events', 'Order,Nope,Found'], { cwd: traceDir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('2. Order → lookup, visit 1; next turn: agent');
    expect(r.stdout).toContain("Ends: 'lookup' does not accept 'Nope'; it accepts 'Found', 'Missing'");
    expect(r.stdout).toContain('Not consumed: Found');
  });

  it('walks each event fixture beside the pack in turn without --events, as a workflow runs each stub fixture', async () => {
    const r = await orchlintInProcess(['trace', pack, '--format', 'json'], { cwd: traceDir });
    expect(r.code).toBe(0);
    const walks = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(walks.map((w) => [w.fixture, w.end])).toEqual([
      ['promptpack/fixtures/order.events.yaml', { kind: 'terminal', state: 'done' }],
      ['promptpack/fixtures/unclear-thrice.events.yaml', { kind: 'terminal', state: 'done' }],
    ]);
    const none = await orchlintInProcess(['trace', 'support.promptpack.yaml'], {
      cwd: path.join(repoRoot, 'fixtures/demo'),
    });
    expect([none.code, none.stderr]).toEqual([
      2,
      'orchlint: a pack trace needs --events E1,E2,… (or a file listing them), or event fixtures beside the pack (fixtures/*.events.yaml); support.promptpack.yaml has none\n',
    ]);
  });

  it('stops at engine.budget.max_total_visits', async () => {
    const loop = Array.from({ length: 5 }, () => 'Order,Found').join(',');
    const r = await orchlintInProcess(['trace', pack, '--events', loop, '--format', 'json'], { cwd: traceDir });
    const out = JSON.parse(r.stdout);
    expect(out.steps).toHaveLength(8);
    expect(out.end).toEqual({
      kind: 'budget-exhausted',
      state: 'triage',
      why: 'engine.budget.max_total_visits (8) reached',
    });
    expect(out.unconsumed).toEqual(['Order', 'Found']);
  });
});

describe('orchlint trace on a packet', () => {
  it('orders prompts by file, then depends_on, with each verify contract', async () => {
    const r = await orchlintInProcess(['trace', 'packet'], { cwd: traceDir });
    expect(r.code).toBe(0);
    const order = r.stdout.split('\n').filter((l) => /^ {2}\d\./.test(l));
    expect(order).toEqual([
      '  1. 01 01_collect.prompt.md — phase 1 (Gather)',
      '  2. 03 03_classify.prompt.md — phase 1 (Gather), after 01',
      '  3. 02 02_write.prompt.md — phase 2 (Write), after 03',
    ]);
    expect(r.stdout).toContain("verify commands: grep -q '## 1.2.0' CHANGELOG.md");
  });

  it('runs an --only selection and names the dependencies it leaves out', async () => {
    const r = await orchlintInProcess(['trace', 'packet', '--only', '02', '--format', 'json'], { cwd: traceDir });
    const out = JSON.parse(r.stdout);
    expect(out.order.map((p: { id: string }) => p.id)).toEqual(['02']);
    expect(out.unselectedDependencies).toEqual([{ prompt: '02', dependency: '03' }]);
  });

  it('runs from --from through --through in the run order, as prompt_runner start selects, and refuses an empty selection', async () => {
    const r = await orchlintInProcess(['trace', 'packet', '--from', '03', '--through', '02', '--format', 'json'], {
      cwd: traceDir,
    });
    const out = JSON.parse(r.stdout);
    expect(out.order.map((p: { id: string }) => p.id)).toEqual(['03', '02']);
    expect(out.unselectedDependencies).toEqual([{ prompt: '03', dependency: '01' }]);
    const empty = await orchlintInProcess(['trace', 'packet', '--from', '02', '--through', '03'], { cwd: traceDir });
    expect([empty.code, empty.stderr]).toEqual([
      2,
      'orchlint: the selection (--from 02, --through 03) runs no prompt: the run order is 01, 03, 02\n',
    ]);
  });
});

describe('orchlint trace --coverage', () => {
  it('lists per workflow what no fixture exercises: when: outcomes never seen, workflows without fixtures', async () => {
    const r = await orchlintInProcess(['trace', '--coverage', '.'], { cwd: project });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      ".archon/workflows/ops/release/release.yaml (workflow 'ops-release'): 1 fixture\n  when: of 'tag' never false: $review.output.verdict == 'approve'",
    );
    expect(r.stdout).toContain(
      ".archon/workflows/sdlc/deliver/deliver.yaml (workflow 'sdlc-deliver'): 2 fixtures\n  every node, when: outcome and edge is exercised",
    );
    expect(r.stdout).toContain("triage.yaml (workflow 'triage'): 0 fixtures");
  });

  it("lists a pack's transitions no event fixture takes, in JSON too", async () => {
    const r = await orchlintInProcess(['trace', '--coverage', 'promptpack', '--format', 'json'], { cwd: traceDir });
    const [unit] = JSON.parse(r.stdout).units;
    expect(unit.fixtures).toEqual([
      'promptpack/fixtures/order.events.yaml',
      'promptpack/fixtures/unclear-thrice.events.yaml',
    ]);
    expect(unit.unreached).toEqual([]);
    expect(unit.untaken).toEqual([{ from: 'lookup', to: 'clarify', label: 'Missing' }]);
  });

  it('names an events file that holds no list of events (it was left out without a word), and trace refuses it', async () => {
    const dir = tempFiles({
      'support.promptpack.yaml': readFileSync(path.join(traceDir, 'promptpack/support.promptpack.yaml'), 'utf8'),
      'fixtures/order.events.yaml': '- Order\n- Found\n',
      'fixtures/typo.events.yaml': 'event: [Unclear]\n',
    });
    try {
      const coverage = await orchlintInProcess(['trace', '--coverage', '.'], { cwd: dir });
      expect(coverage.stdout).toContain(
        'support.promptpack.yaml (pack): 1 fixture\n  fixtures/typo.events.yaml is no list of event names: it exercises nothing\n',
      );
      const json = await orchlintInProcess(['trace', '--coverage', '.', '--format', 'json'], { cwd: dir });
      expect(JSON.parse(json.stdout).units[0].unreadable).toEqual(['fixtures/typo.events.yaml']);
      const trace = await orchlintInProcess(['trace', 'support.promptpack.yaml'], { cwd: dir });
      expect([trace.code, trace.stderr]).toEqual([
        2,
        "orchlint: fixtures/typo.events.yaml: expected a YAML list of event names (or 'events:' with one)\n",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('draws the graph in Mermaid with what is uncovered marked', async () => {
    const r = await orchlintInProcess(['trace', '--coverage', 'promptpack', '--format', 'mermaid'], { cwd: traceDir });
    expect(r.stdout).toContain('%% promptpack/support.promptpack.yaml\nflowchart TD');
    expect(r.stdout).toContain('  n1 -->|"Missing"| n2');
    expect(r.stdout).toContain('  linkStyle 4 stroke:#8c959f,stroke-dasharray:5 3');
  });
});
