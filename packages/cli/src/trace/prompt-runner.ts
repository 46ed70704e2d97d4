import type { PacketModel, PromptRunnerModel } from '@orchlint/prompt-runner';
import { planPacket, type PacketPlan } from '@orchlint/prompt-runner';
import { UsageError } from '../discover.js';
import { escapeControls } from '../formatters/report.js';
import type { TraceOptions, TraceOutcome } from './options.js';

/** `orchlint trace PACKET`: the order the prompts run in and what each verify contract checks; failed when there is no plan. */
export function packetOrder(model: PromptRunnerModel, options: TraceOptions): TraceOutcome {
  if (model.kind !== 'packet') throw new UsageError('a workspace manifest has no prompts to order; trace its packet');
  const only = options.only?.length ? new Set(options.only) : undefined;
  const ids = model.prompts.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  const named: Array<[string, readonly string[]]> = [
    ['--only', [...(only ?? [])]],
    ['--from', options.from === undefined ? [] : [options.from]],
    ['--through', options.through === undefined ? [] : [options.through]],
  ];
  for (const [flag, values] of named) {
    const unknown = values.filter((id) => !ids.includes(id));
    if (unknown.length)
      throw new UsageError(
        `${flag} ${unknown.join(', ')}: no prompt of the packet has that id (ids are normalized, "01" not 1; its ids: ${ids.join(', ') || 'none'})`,
      );
  }
  const plan = planPacket(model, {
    ...(only ? { only } : {}),
    ...(options.from !== undefined ? { from: options.from } : {}),
    ...(options.through !== undefined ? { through: options.through } : {}),
  });
  if (!plan.problem && !plan.order.length) {
    const given = named.filter(([, v]) => v.length).map(([flag, v]) => `${flag} ${v.join(', ')}`);
    const order = planPacket(model).order.map((p) => p.id);
    throw new UsageError(`the selection (${given.join(', ')}) runs no prompt: the run order is ${order.join(', ')}`);
  }
  return { text: formatPlan(model, plan), json: [planJson(model, plan)], failed: plan.problem !== undefined };
}

function planJson(packet: PacketModel, plan: PacketPlan) {
  return {
    packet: packet.declaredName ?? packet.root,
    order: plan.order.map(({ prompt, ...p }) => ({ ...p, file: prompt.file.source.path })),
    ...(plan.problem ? { problem: plan.problem } : {}),
    unselectedDependencies: plan.unselectedDependencies,
  };
}

function formatPlan(packet: PacketModel, plan: PacketPlan): string {
  const lines = [`Run order: ${packet.declaredName ?? packet.root}`];
  plan.order.forEach((p, i) => {
    const phase = `phase ${p.phase}${p.phaseName ? ` (${p.phaseName})` : ''}`;
    const after = p.dependsOn.length ? `, after ${p.dependsOn.join(', ')}` : '';
    lines.push(`  ${i + 1}. ${p.id} ${p.prompt.file.name} — ${phase}${after}`);
    if (!p.checks.length) lines.push('     verify: nothing (no contract)');
    for (const c of p.checks) lines.push(`     verify ${c.clause}: ${c.items.join('; ') || '(empty)'}`);
  });
  if (plan.problem?.kind === 'unknown-dependency')
    lines.push(
      `No plan: prompt ${plan.problem.prompt} depends on '${plan.problem.dependency}', which is no prompt id (ids are normalized: "01", not 1)`,
    );
  if (plan.problem?.kind === 'cycle')
    lines.push(`No plan: depends_on makes a cycle among ${plan.problem.ids.join(', ')}`);
  for (const u of plan.unselectedDependencies)
    lines.push(`Note: ${u.prompt} depends on ${u.dependency}, which this selection does not run`);
  return lines.map(escapeControls).join('\n') + '\n';
}
