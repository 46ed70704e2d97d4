import { defineRule, type Field } from '@orchlint/core';
import { CAPABILITIES, FIELD_CAPABILITY, isAiNode, isProvider, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/capability-mismatch',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Workflow Language Constitution, smell 4: "Capability mismatches must warn (never silently no-op)"; provider capabilities.ts; spec §1.8',
  summary: "a field the node's explicit provider does not support",
  check(model, report) {
    const warn = (entry: Field, provider: string, where: string, reported: string) =>
      report({
        at: entry.key,
        message: `${where} uses '${entry.key.value}', but provider '${provider}' doesn't support it — it will be ignored (Archon says so only ${reported}); remove it or pick a provider that supports it`,
      });
    const workflowProvider = model.provider?.value;
    for (const { field, capability, reported } of FIELD_CAPABILITY) {
      const entry = model.fields.get(field);
      if (entry && isProvider(workflowProvider) && !CAPABILITIES[workflowProvider].has(capability)) {
        warn(entry, workflowProvider, model.label, reported === 'run' ? 'at run time' : "in 'archon validate'");
      }
    }
    for (const node of model.nodes) {
      const provider = node.provider?.value;
      if (!isAiNode(node) || !isProvider(provider)) continue;
      for (const { field, capability, reported } of FIELD_CAPABILITY) {
        const entry = node.fields.get(field);
        if (entry && !CAPABILITIES[provider].has(capability))
          warn(entry, provider, node.label, reported === 'run' ? 'at run time' : "in 'archon validate'");
      }
    }
  },
});
