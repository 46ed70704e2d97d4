import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-free-form-output',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "loader.ts validateDagStructure (#2566): \"Node '<n>' field 'when' compares the whole output of AI node '<p>' to a literal\" — a load error",
  summary: 'when: must not compare the whole free-form output of an AI node or loop_group',
  check(model, report) {
    for (const node of model.nodes) {
      if (!node.when) continue;
      for (const atom of node.when.condition.atoms) {
        if (!atom.left || atom.left.scope !== 'node' || atom.left.form !== 'whole' || !atom.literal) continue;
        const producer = model.analysis.resolve(node, atom.left.name);
        if (!producer) continue;
        const at = node.when.text.sourceSpan(atom.start, atom.end);
        const value = atom.literal.value;
        if (producer.kind === 'loop_group') {
          report({
            at,
            message:
              `${node.label} compares the whole output of loop_group '${atom.left.name}' to '${value}': that output is the last iteration's raw text (output_format does not replace it), and Archon refuses to load the workflow; ` +
              "compute the decision in a 'bash:'/'script:' node (or an 'until_bash' check) and gate on that node's output",
          });
        } else if (
          (producer.kind === 'prompt' || producer.kind === 'command' || producer.kind === 'loop') &&
          !producer.outputFormat
        ) {
          report({
            at,
            message:
              `${node.label} compares the whole output of AI node '${atom.left.name}' to '${value}': that output is free-form prose, so the comparison would silently fail and skip the node, and Archon refuses to load the workflow. ` +
              `Declare 'output_format' on '${atom.left.name}' and compare a field (e.g. "$${atom.left.name}.output.status ${atom.op} '${value}'"), or produce the value in a 'bash:'/'script:' node`,
          });
        }
      }
    }
  },
});
