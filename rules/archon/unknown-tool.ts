import { didYouMean, defineRule, ownValue } from '@orchlint/core';
import {
  CLAUDE_RENAMED_TOOLS,
  CLAUDE_TOOLS,
  claudeToolEntries,
  PI_TOOLS,
  piToolEntries,
  type WorkflowModel,
} from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/unknown-tool',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'validator.ts (archon validate): "Unknown tool \'X\' for provider \'claude\' — unrecognized names are silently ignored at runtime" (claude capabilities.ts knownToolNames); pi provider.ts: "Pi ignored unknown tool names: X" (options-translator.ts PI_TOOL_NAMES, matched in lower case)',
  summary:
    'a tool name in allowed_tools or denied_tools that the provider the node runs on (Claude or Pi) does not have',
  check(model, report) {
    for (const { node, field, item, name, choice } of claudeToolEntries(model)) {
      // As the engine reads an entry: `Bash(git:*)` names Bash; MCP tools vary per install.
      const base = name.split('(')[0]!.trim();
      if (base === '' || base.startsWith('mcp__') || CLAUDE_TOOLS.includes(base)) continue;
      if (ownValue(CLAUDE_RENAMED_TOOLS, base) !== undefined) continue; // archon/renamed-tool says it
      report({
        at: item,
        message: `${node.label}: Claude has no tool '${base}', so '${field}' silently ignores it${choice ? ` (${choice})` : ''}${didYouMean(base, CLAUDE_TOOLS)}; MCP tools are written mcp__<server>__<tool>`,
      });
    }
    for (const { node, field, item, name, choice } of piToolEntries(model)) {
      if (PI_TOOLS.includes(name.toLowerCase())) continue;
      const rule = name.includes('(')
        ? `; Pi reads no permission rules, so write '${name.split('(')[0]!.trim().toLowerCase()}'`
        : '';
      report({
        at: item,
        message: `${node.label}: Pi has no tool '${name}', so '${field}' drops it at run time with only a chat warning${choice ? ` (${choice})` : ''}${rule || didYouMean(name.toLowerCase(), PI_TOOLS)}; Pi's tools are ${PI_TOOLS.join(', ')} (in any case)`,
      });
    }
  },
});
