import { defineRule } from '@orchlint/core';
import { stringOf, type PackModel } from '@orchlint/promptpack';

/** Tool.name's schema pattern: a name that fails it is already a schema error. */
const TOOL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export default defineRule<PackModel>({
  id: 'promptpack/tool-key-name',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'derived: prompts reference a tool by its key in tools, the model calls it by its name',
  summary: 'a tool whose key and name differ',
  check(pack, report) {
    for (const tool of pack.tools.values()) {
      const name = stringOf(tool.name);
      if (name === undefined || name === tool.key.value || !TOOL_NAME.test(name)) continue;
      report({
        at: tool.name!.node,
        message:
          `tool '${tool.key.value}' is named '${name}': prompts list it as '${tool.key.value}' while the model calls '${name}', so ` +
          `traces, policies and blocklists can disagree about which tool is meant; use the same identifier for both`,
        related: [{ at: tool.key.node, message: `the key prompts use` }],
      });
    }
  },
});
