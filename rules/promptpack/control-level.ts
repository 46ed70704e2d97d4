import { defineRule } from '@orchlint/core';
import { agentHeld, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/control-level',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis:
    'RFC 0014 support levels: "A Level 1 runtime SHOULD warn that transient states will yield anyway, since a pack designed around control: agent will produce extra user turns"; only Level 2 runs another agent round',
  summary: 'control: agent takes effect only on a Level 2 runtime; elsewhere those states yield to the user',
  check(pack, report, context) {
    // A pinned runtime is judged by promptpack/runtime-portability (PromptKit 1.5 rejects control).
    if (context.targets.runtime) return;
    const held = [...(pack.workflow?.states.values() ?? [])].filter((s) => agentHeld(s) && s.terminal?.value !== true);
    const first = held[0];
    if (!first?.control) return;
    report({
      at: first.control.node,
      message:
        `${held.length === 1 ? `state '${first.name}' keeps` : `${held.length} states (${held.map((s) => `'${s.name}'`).join(', ')}) keep`} the turn with the agent (control: agent), which only a Level 2 runtime carries out: ` +
        'on a Level 0 or 1 runtime these states yield after every transition like any other, so the pack takes extra user turns there. Pin the runtime you deploy to (targets.runtime) to have it checked',
    });
  },
});
