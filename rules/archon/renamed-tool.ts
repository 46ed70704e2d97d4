import { defineRule, ownValue } from '@orchlint/core';
import { CLAUDE_RENAMED_TOOLS, claudeToolEntries, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/renamed-tool',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    "validator.ts (archon validate): \"Tool 'Task' was renamed to 'Agent' in the claude SDK\" (claude capabilities.ts renamedTools)",
  summary: 'a Claude tool name that the SDK renamed',
  check(model, report) {
    for (const { node, field, item, name, choice } of claudeToolEntries(model)) {
      const renamed = ownValue(CLAUDE_RENAMED_TOOLS, name);
      if (!renamed) continue;
      report({
        at: item,
        message: `${node.label}: tool '${name}' was renamed to '${renamed}' in the Claude SDK, so '${field}' no longer matches it${choice ? ` (${choice})` : ''}; write '${renamed}'`,
      });
    }
  },
});
