import { defineRule } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/agent-delegates-to-itself',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'RFC 0007: "An agent\'s tools list should not include its own prompt key"',
  summary: "an agent's tools should not name the agent itself",
  check(pack, report) {
    for (const member of pack.agents?.members.values() ?? []) {
      for (const ref of pack.prompts.get(member.key.value)?.tools ?? []) {
        if (ref.value !== member.key.value) continue;
        report({
          at: ref.node,
          message:
            `agent '${member.key.value}' lists itself in its tools, so it would delegate to itself; remove '${member.key.value}' from ` +
            `prompts.${member.key.value}.tools`,
        });
      }
    }
  },
});
