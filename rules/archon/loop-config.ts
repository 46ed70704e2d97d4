import { defineRule, type At } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/loop-config',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'dag-node.ts / loop.ts superRefine: "loop node requires a completion channel", "requires either \'loop.prompt\' or \'loop.command\'", "accepts exactly one", "interactive loop requires \'loop.gate_message\'", the \'loop.until_field\' checks',
  summary: 'a loop needs one body, a completion channel, and a well-declared until_field',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'loop' && node.kind !== 'loop_group') continue;
      const entry = node.fields.get(node.kind)!;
      if (entry.type !== 'object') continue;
      const block = node.blocks.get(node.kind)!.byKey;
      const get = (key: string) => block.get(key);
      const fail = (at: At, message: string) =>
        report({ at, message: `${node.label}: ${message}; Archon refuses to load the workflow` });
      const isLoop = node.kind === 'loop';
      if (!get('until') && !get('until_bash') && !(isLoop && get('until_field'))) {
        fail(
          entry.key,
          `a ${node.kind} needs a completion channel: set '${node.kind}.until' (a completion signal string) or '${node.kind}.until_bash' (a check, exit 0 = done)${isLoop ? " or 'loop.until_field' (a declared boolean in output_format)" : ''}`,
        );
      }
      if (isLoop) {
        const prompt = get('prompt');
        const command = get('command');
        if (!prompt && !command)
          fail(entry.key, "a loop needs its body: set 'loop.prompt' (inline) or 'loop.command' (a command file)");
        if (prompt && command)
          fail(command.key, "a loop accepts exactly one of 'loop.prompt' or 'loop.command' (both were provided)");
      }
      const gateMessage = get('gate_message')?.value;
      if (get('interactive')?.value === true && !(typeof gateMessage === 'string' && gateMessage.trim())) {
        fail(
          get('interactive')!.key,
          `an interactive loop requires '${node.kind}.gate_message' (what the human is asked between iterations)`,
        );
      }
      const untilField = isLoop ? get('until_field') : undefined;
      const field = untilField?.value;
      if (!untilField?.node || typeof field !== 'string') continue;
      const format = node.outputFormat;
      const prop = format?.properties.get(field);
      const problem = !format
        ? "but this node declares no output_format — the field must be a declared property of the node's schema"
        : !prop
          ? `which is not declared in this node's output_format properties (declared: ${[...format.properties.keys()].join(', ') || 'none'})`
          : !format.required.has(field)
            ? 'which must also be listed in output_format.required — an optional field the model omits would silently read as "not complete" and burn max_iterations'
            : prop.type !== 'boolean'
              ? `declared as type '${prop.type ?? 'unspecified'}' — it must be 'boolean'; the loop terminates on the value being exactly true`
              : undefined;
      if (problem) fail(untilField.node, `'loop.until_field' names '${field}' ${problem}`);
    }
  },
});
