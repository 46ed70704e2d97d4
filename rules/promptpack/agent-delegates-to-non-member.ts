import { defineRule } from '@orchlint/core';
import { delegationsToNonMembers, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/agent-delegates-to-non-member',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'RFC 0007: "If the entry agent\'s tools list contains a name matching a member prompt key, warn if that member is not in members (possible misconfiguration)"',
  summary: 'the entry agent delegates to a prompt that is not an agent member',
  check(pack, report) {
    for (const ref of delegationsToNonMembers(pack)) {
      const name = ref.value as string;
      report({
        at: ref.node,
        message:
          `the entry agent lists '${name}' in its tools, which names prompt '${name}', but '${name}' is not in agents.members, ` +
          `so there is no agent to delegate to; add '${name}: {}' under agents.members, or define a tool '${name}'`,
      });
    }
  },
});
