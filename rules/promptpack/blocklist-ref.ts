import { defineRule, nearMiss } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/blocklist-ref',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'ToolPolicy.blocklist: "tool names that are not allowed for this prompt"; PromptKit matches each entry against the name a tool call carries (stages_provider.go isToolBlocked), the tool\'s name, not its key (derived)',
  summary:
    'a blocklist entry that blocks nothing: a tool key whose tool has another name, or a near miss of a tool name',
  check(pack, report) {
    const names = new Map<string, string>();
    for (const tool of pack.tools.values()) {
      const name = tool.name?.value;
      names.set(typeof name === 'string' ? name : tool.key.value, tool.key.value);
    }
    for (const prompt of pack.prompts.values()) {
      for (const entry of prompt.blocklist) {
        const value = entry.value;
        if (typeof value !== 'string' || names.has(value)) continue;
        const tool = pack.tools.get(value);
        const calledAs = tool && typeof tool.name?.value === 'string' ? tool.name.value : undefined;
        // Anything else may be a runtime's own tool (workflow__*, MCP, skills): only a near miss is a slip.
        const near = calledAs ? undefined : nearMiss(value, [...names.keys()]);
        if (!calledAs && !near) continue;
        report({
          at: entry.node,
          message: calledAs
            ? `prompt '${prompt.key.value}' blocks '${value}', the key of a tool the model calls '${calledAs}': the blocklist is matched against the called name, so this entry blocks nothing and '${calledAs}' stays allowed; write '${calledAs}'`
            : `prompt '${prompt.key.value}' blocks '${value}', which is the name of no tool of the pack (did you mean '${near}'?), so '${near}' stays allowed; fix the name`,
        });
      }
    }
  },
});
