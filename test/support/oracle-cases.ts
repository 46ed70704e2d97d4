import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { memoryHost, Source } from '@orchlint/core';
import { archon, flattenWorkflow, isStubFixture, parseWhen, type FlatNode, type WorkflowModel } from '@orchlint/archon';
import type { OracleCase } from './archon-oracle.js';
import { repoRoot, sharedDir } from './paths.js';

/*
 * The cases the engine judges: every stub file of the fixtures (in its own project), every
 * workflow of the Archon corpus with stubs made to take its when: branches and then to miss them,
 * and generated workflows of branches, joins, loops, loop groups, gates and includes.
 */

const RESERVED = new Set(['fixture', 'exec-code']);

function filesUnder(dir: string, base = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) filesUnder(full, base, out);
    else out[path.relative(base, full).split(path.sep).join('/')] = readFileSync(full, 'utf8');
  }
  return out;
}

/** A fixture's stubs without the keys `archon workflow test` reserves, which 0.9's dry run would read as stubs. */
function stubsOnly(text: string): string | undefined {
  let value: unknown;
  try {
    value = parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const kept = Object.fromEntries(Object.entries(value).filter(([k]) => !RESERVED.has(k)));
  return stringify(kept);
}

export function fixtureCases(): OracleCase[] {
  const cases: OracleCase[] = [];
  const stubFiles = Object.keys(filesUnder(path.join(repoRoot, 'fixtures'))).filter((f) =>
    /\/fixtures\/[^/]+\.stubs\.ya?ml$/.test(f),
  );
  for (const rel of stubFiles.sort()) {
    const at = rel.indexOf('/.archon/');
    if (at < 0) continue;
    const project = path.join(repoRoot, 'fixtures', rel.slice(0, at));
    const files = filesUnder(project);
    const stubRel = rel.slice(at + 1);
    const stubs = stubsOnly(files[stubRel]!);
    if (stubs === undefined) continue;
    const folder = path.posix.dirname(path.posix.dirname(stubRel));
    for (const wf of Object.keys(files)
      .filter((f) => path.posix.dirname(f) === folder && /\.ya?ml$/.test(f))
      .sort()) {
      const name = (parse(files[wf]!) as { name?: unknown } | null)?.name;
      if (typeof name !== 'string') continue;
      const stubsFile = `.oracle/${path.posix.basename(stubRel)}`;
      cases.push({
        name: `fixtures/${rel} on ${wf}`,
        files: { ...files, [stubsFile]: stubs },
        workflowFile: wf,
        workflowName: name,
        stubsFile,
      });
    }
  }
  return cases;
}

function modelOf(files: Record<string, string>, file: string): WorkflowModel | undefined {
  const model = archon.load(new Source(file, files[file]!), memoryHost(files), {}).model;
  return model && !isStubFixture(model) ? model : undefined;
}

/**
 * Stubs for every node of the flattened workflow: `hit` gives each compared output the literal its
 * first `when:` compares it with (and a loop its `until` signal), `miss` something else.
 */
export function stubsFor(nodes: readonly FlatNode[], mode: 'hit' | 'miss'): Record<string, unknown> {
  const wanted = new Map<string, { whole?: string; fields: Map<string, string> }>();
  const visit = (list: readonly FlatNode[]) => {
    for (const n of list) {
      for (const atom of n.when ? parseWhen(n.when).atoms : []) {
        if (atom.left?.scope !== 'node' || !atom.literal) continue;
        const w = wanted.get(atom.left.name) ?? { fields: new Map() };
        const value = atom.op === '!=' ? `not-${atom.literal.value}` : atom.literal.value;
        if (atom.left.form === 'whole') w.whole ??= value;
        else if (atom.left.field && !w.fields.has(atom.left.field)) w.fields.set(atom.left.field, value);
        wanted.set(atom.left.name, w);
      }
      if (n.group) visit(n.group.nodes);
    }
  };
  visit(nodes);
  const stubs: Record<string, unknown> = {};
  const give = (list: readonly FlatNode[]) => {
    for (const n of list) {
      if (n.group) give(n.group.nodes);
      if (n.type === 'approval' || n.type === 'cancel' || n.type === 'loop_group' || n.type === 'workflow') continue;
      const w = wanted.get(n.id);
      const pick = (v: string) => (mode === 'hit' ? v : `other-${v}`);
      if (n.loop?.untilField) stubs[n.id] = { [n.loop.untilField]: mode === 'hit' };
      else if (n.loop) stubs[n.id] = mode === 'hit' ? `done <promise>${n.loop.until ?? ''}</promise>` : 'still going';
      else if (w?.fields.size) stubs[n.id] = Object.fromEntries([...w.fields].map(([f, v]) => [f, pick(v)]));
      else if (w?.whole !== undefined) stubs[n.id] = pick(w.whole);
      else stubs[n.id] = `output of ${n.id}`;
    }
  };
  give(nodes);
  // A loop group ends on its body's last output: give its last body node the signal in `hit`.
  const signal = (list: readonly FlatNode[]) => {
    for (const n of list)
      if (n.group) {
        const depended = new Set(n.group.nodes.flatMap((b) => b.dependsOn));
        const sink = n.group.nodes.find((b) => !depended.has(b.id));
        if (sink && mode === 'hit') stubs[sink.id] = `${String(stubs[sink.id] ?? '')}\n${n.group.until ?? ''}`;
        signal(n.group.nodes);
      }
  };
  signal(nodes);
  return stubs;
}

function casesOf(name: string, files: Record<string, string>, workflowFile: string): OracleCase[] {
  const model = modelOf(files, workflowFile);
  if (!model?.name) return [];
  const nodes = flattenWorkflow(model).nodes;
  return (['hit', 'miss'] as const).map((mode) => ({
    name: `${name} (${mode})`,
    files: { ...files, [`.oracle/${mode}.yaml`]: stringify(stubsFor(nodes, mode)) },
    workflowFile,
    workflowName: model.name!,
    stubsFile: `.oracle/${mode}.yaml`,
  }));
}

export function corpusCases(): OracleCase[] {
  const dir = path.join(sharedDir, 'corpus/archon');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      const name = (parse(text) as { name?: unknown } | null)?.name;
      if (typeof name !== 'string') return [];
      const file = `.archon/workflows/${name}.yaml`;
      return casesOf(`corpus/${f}`, { [file]: text }, file);
    });
}

/** A small deterministic generator (a linear congruential sequence), so every run judges the same workflows. */
function sequence(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits alternate (the lowest one 0, 1, 0, …), so `s % 4` at a given
    // draw is the same in every workflow and `s % 10` never gives an odd kind at an even draw.
    return Math.floor(s / 65536) % n;
  };
}

const RULES = ['all_success', 'one_success', 'none_failed_min_one_success', 'all_done'];

/** A workflow of `size` nodes: kinds, dependencies, joins, conditions and loops drawn from the seed. */
function generatedWorkflow(seed: number, size: number, withInclude: boolean): Record<string, string> {
  const pick = sequence(seed);
  const nodes: Record<string, unknown>[] = [];
  for (let i = 0; i < size; i++) {
    const id = `n${i}`;
    const node: Record<string, unknown> = { id };
    const deps =
      i === 0 ? [] : [...new Set([pick(i), ...(pick(3) === 0 && i > 1 ? [pick(i)] : [])])].map((d) => `n${d}`);
    if (deps.length) node.depends_on = deps;
    if (deps.length > 1 || pick(4) === 0) if (deps.length) node.trigger_rule = RULES[pick(RULES.length)];
    if (deps.length && pick(3) === 0) {
      const ref = deps[0]!;
      // A whole output compared to a literal must be a shell node's: the loader refuses one of an AI node (free-form prose).
      const shell = nodes[Number(ref.slice(1))]?.bash !== undefined;
      node.when = [
        shell ? `$${ref}.output == 'yes'` : `$${ref}.output.verdict == 'yes'`,
        `$${ref}.output.verdict == 'ok' || $${ref}.output.verdict == 'fine'`,
        `$${ref}.output.score > 5`,
        `$${ref}.verdict != 'bad' && $${ref}.output.score <= 3`,
        `$${ref}.output = 'yes'`,
        // A reference to no node: the loader refuses the workflow, so only a few workflows draw it.
        `$${ref}.output.verdict == 'ok' && $missing.output.x == 'y'`,
      ][pick(seed % 10 === 7 ? 6 : 5)];
    }
    if (pick(3) === 0)
      node.output_format = {
        type: 'object',
        properties: { verdict: { type: 'string' }, score: { type: 'number' } },
        required: ['verdict'],
      };
    const kind = pick(10);
    if (kind === 0) {
      // Each completion channel: a signal, a signal beside an until_bash (which a dry run assumes passed),
      // a true field, an until_bash alone.
      const channel = pick(4);
      node.loop = {
        prompt: 'iterate',
        max_iterations: 1 + pick(3),
        ...(channel === 2 ? { until_field: 'finished' } : channel === 3 ? {} : { until: 'DONE' }),
        ...(channel === 1 || channel === 3 ? { until_bash: 'test -f .done' } : {}),
      };
      if (channel === 2)
        node.output_format = { type: 'object', properties: { finished: { type: 'boolean' } }, required: ['finished'] };
    } else if (kind === 1) node.approval = { message: `approve ${id}?` };
    else if (kind === 2 && i === size - 1) node.cancel = 'stop here';
    else if (kind === 3)
      node.loop_group = {
        until: 'ALL_CLEAN',
        ...(pick(2) === 0 ? { until_bash: 'test -f .clean' } : {}),
        max_iterations: 2,
        nodes: [
          { id: `${id}_fix`, prompt: 'fix' },
          { id: `${id}_check`, depends_on: [`${id}_fix`], bash: 'echo check' },
        ],
      };
    else if (kind === 4) node.bash = `echo ${id}`;
    else if (kind === 5 && seed % 2 === 0) node.workflow = 'gen-child';
    else node.prompt = deps.length ? `do ${id} with $${deps[0]}.output` : `do ${id}`;
    nodes.push(node);
  }
  if (withInclude) {
    const at = 1 + pick(size - 1);
    nodes.splice(at, 0, { id: 'blk', depends_on: [`n${pick(at)}`], include: 'gen-block', with: { topic: 'tests' } });
    nodes.push({ id: 'after', depends_on: ['blk'], prompt: 'read $blk.output' });
  }
  // Every fourth workflow declares an input with a default, read in a prompt and in a when:.
  const inputs = seed % 4 === 1 ? { inputs: { mode: { default: 'fast' } } } : {};
  if (seed % 4 === 1)
    nodes.push({ id: 'moded', depends_on: ['n0'], when: "$INPUTS.mode == 'fast'", prompt: 'go $INPUTS.mode' });
  const files: Record<string, string> = {
    '.archon/workflows/gen.yaml': stringify({ name: 'gen', description: `generated ${seed}`, ...inputs, nodes }),
  };
  if (nodes.some((n) => n.workflow !== undefined))
    files['.archon/workflows/gen-child.yaml'] = stringify({
      name: 'gen-child',
      description: 'a sub-workflow',
      nodes: [{ id: 'inner', prompt: 'inner work' }],
    });
  if (withInclude)
    files['.archon/workflows/gen-block.yaml'] = stringify({
      name: 'gen-block',
      description: 'an included block',
      inputs: { topic: { required: true } },
      nodes: [
        { id: 'scan', bash: 'echo scan' },
        { id: 'judge', depends_on: ['scan'], when: "$scan.output != 'skip'", prompt: 'judge' },
        { id: 'note', depends_on: ['scan'], prompt: 'note on $INPUTS.topic' },
      ],
    });
  return files;
}

export function generatedCases(count: number): OracleCase[] {
  const out: OracleCase[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const files = generatedWorkflow(seed, 4 + (seed % 6), seed % 3 === 0);
    const cases = casesOf(`generated #${seed}`, files, '.archon/workflows/gen.yaml');
    // The hit stubs again, stopping at the first gate; and with a supplied input over the declared default.
    out.push(...cases, ...cases.slice(0, 1).map((c) => ({ ...c, name: `${c.name} paused`, pauseAtGates: true })));
    if (seed % 4 === 1)
      out.push(...cases.map((c) => ({ ...c, name: `${c.name} mode=slow`, inputs: { mode: 'slow' } })));
  }
  return out;
}
