import { isScalar } from '@orchlint/core';
import { EMap, inspect, toElixirString, type Term } from './elixir.js';
import { knownClauses } from './contract.js';
import type { PacketModel, PromptModel } from './model.js';

/*
 * The order a packet's prompts run in, as the scheduler plans it: file order (numeric prefix, then
 * basename), reordered by `depends_on` so that a prompt runs after what it depends on, prompts that
 * depend on nothing pending keeping file order. `depends_on` values match normalized ids as written
 * ("01", not 1). An unknown dependency or a cycle stops the plan, as the runner's plan does.
 */

export interface PlannedPrompt {
  prompt: PromptModel;
  id: string;
  /** The front matter's `phase` (default 1) and the manifest's name for it. */
  phase: string;
  phaseName?: string;
  dependsOn: string[];
  /** What the prompt's verify contract checks: each clause the runner reads, with its items. */
  checks: Array<{ clause: string; items: string[] }>;
}

export interface PacketPlan {
  order: PlannedPrompt[];
  /** Why the runner would not plan the packet, when it would not. */
  problem?: { kind: 'unknown-dependency'; prompt: string; dependency: string } | { kind: 'cycle'; ids: string[] };
  /** Selected prompts whose dependencies the selection leaves out. */
  unselectedDependencies: Array<{ prompt: string; dependency: string }>;
}

/** Which prompts a run takes: `--only` ids, and the runner's `--from ID` / `--through ID` bounds on the run order. */
export interface PromptSelection {
  only?: ReadonlySet<string>;
  from?: string;
  through?: string;
}

/** The plan of the packet, limited to a selection when given (ids it names are the packet's). */
export function planPacket(packet: PacketModel, selection: PromptSelection = {}): PacketPlan {
  const phases = phaseNames(packet);
  const planned = packet.prompts.flatMap((prompt): PlannedPrompt[] => {
    if (prompt.id === undefined) return [];
    const phase = phaseOf(prompt);
    const item: PlannedPrompt = {
      prompt,
      id: prompt.id,
      phase,
      dependsOn: prompt.dependsOn.map((d) => (typeof d.term === 'string' ? d.term : inspect(d.term))),
      checks: knownClauses(prompt.contract.clauses).map((c) => ({
        clause: c.key.value,
        items: c.entries.map((e) => itemText(e.term)),
      })),
    };
    const name = phases.get(phase);
    if (name !== undefined) item.phaseName = name;
    return [item];
  });
  const byId = new Map(planned.map((p) => [p.id, p]));
  const plan: PacketPlan = { order: [], unselectedDependencies: [] };
  for (const p of planned)
    for (const d of p.prompt.dependsOn)
      if (typeof d.term !== 'string' || !byId.has(d.term)) {
        plan.problem = {
          kind: 'unknown-dependency',
          prompt: p.id,
          dependency: p.dependsOn[p.prompt.dependsOn.indexOf(d)]!,
        };
        return plan;
      }
  const done = new Set<string>();
  const pending = [...planned];
  while (pending.length) {
    const next = pending.findIndex((p) => p.dependsOn.every((d) => done.has(d)));
    if (next < 0) {
      plan.problem = { kind: 'cycle', ids: pending.map((p) => p.id) };
      return plan;
    }
    const [p] = pending.splice(next, 1);
    done.add(p!.id);
    plan.order.push(p!);
  }
  const { only, from, through } = selection;
  if (!only && from === undefined && through === undefined) return plan;
  const at = (id: string | undefined, otherwise: number) => {
    const index = plan.order.findIndex((p) => p.id === id);
    return index < 0 ? otherwise : index;
  };
  const [first, last] = [at(from, 0), at(through, plan.order.length - 1)];
  plan.order = plan.order.filter((p, i) => i >= first && i <= last && (!only || only.has(p.id)));
  const selected = new Set(plan.order.map((p) => p.id));
  for (const p of plan.order)
    for (const d of p.dependsOn)
      if (!selected.has(d)) plan.unselectedDependencies.push({ prompt: p.id, dependency: d });
  return plan;
}

/** `phase:` as the runner reads it: an integer or an integer string, else 1. */
function phaseOf(prompt: PromptModel): string {
  const tree = prompt.file.tree;
  const node = tree?.get(prompt.file.attributes, 'phase');
  const value = isScalar(node) ? node.value : undefined;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return String(Number.parseInt(value, 10));
  return '1';
}

/** The manifest's `phases:` map: integer (or integer-string) keys to names; other keys are dropped. */
function phaseNames(packet: PacketModel): Map<string, string> {
  const names = new Map<string, string>();
  const manifest = packet.manifest;
  const tree = manifest?.tree;
  const phases = tree?.get(manifest?.attributes, 'phases');
  for (const entry of tree?.entries(phases) ?? []) {
    if (!/^-?\d+$/.test(entry.key.trim())) continue;
    const value = isScalar(entry.value) ? entry.value.value : undefined;
    if (value !== undefined && value !== null) names.set(String(Number.parseInt(entry.key, 10)), String(value));
  }
  return names;
}

/** A clause item as a reader wants it: a structured command as its command line, anything else as the runner shows it. */
function itemText(term: Term): string {
  if (term instanceof EMap) {
    const program = term.get('exec') ?? term.get('program');
    const args = term.get('args') ?? term.get('argv');
    if (typeof program === 'string') {
      const words = Array.isArray(args)
        ? args.map((a) => (typeof a === 'string' && /\s/.test(a) ? `'${a}'` : String(a)))
        : [];
      const repo = term.get('repo');
      return `${[program, ...words].join(' ')}${typeof repo === 'string' ? ` (in ${repo})` : ''}`;
    }
  }
  return toElixirString(term) ?? inspect(term);
}
