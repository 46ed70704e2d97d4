import { defineRule, ownValue, scalarValue } from '@orchlint/core';
import { isAiNode, type WorkflowModel } from '@orchlint/archon';

/** claude capabilities.ts renamedTools. */
const RENAMED: Record<string, string> = {
  Task: 'Agent',
  BashOutput: 'TaskOutput',
  KillShell: 'TaskStop',
  MultiEdit: 'Edit',
};

export default defineRule<WorkflowModel>({
  id: 'archon/renamed-tool',
  dialect: 'archon',
  severity: 'warning',
  basis:
    "validator.ts (archon validate): \"Tool 'Task' was renamed to 'Agent' in the claude SDK\" (claude capabilities.ts renamedTools)",
  summary: 'a Claude tool name that the SDK renamed',
  check(model, report) {
    for (const node of model.nodes) {
      const provider = node.provider?.value;
      if (!isAiNode(node) || (provider !== undefined && provider !== 'claude')) continue;
      for (const field of ['allowed_tools', 'denied_tools']) {
        for (const item of model.tree.items(node.fields.get(field)?.value)) {
          const name = scalarValue(item);
          const renamed = typeof name === 'string' ? ownValue(RENAMED, name) : undefined;
          if (!renamed) continue;
          report({
            at: item,
            message: `${node.label}: tool '${String(name)}' was renamed to '${renamed}' in the Claude SDK, so '${field}' no longer matches it${provider ? '' : ' (when the node runs on Claude, the default provider)'}; write '${renamed}'`,
          });
        }
      }
    }
  },
});
