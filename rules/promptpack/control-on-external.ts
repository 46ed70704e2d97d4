import { defineRule } from '@orchlint/core';
import { effectiveControl, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/control-on-external',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis:
    'RFC 0014: "On a state whose orchestration is external, the property is inert … Declaring it there is not an error"',
  summary: "'control: agent' has no effect on a state an external system drives",
  check(pack, report) {
    for (const state of pack.workflow?.states.values() ?? []) {
      // An absent control is exactly control: user (RFC 0014 rule 2), so only 'agent' can surprise anyone.
      if (state.orchestration?.value !== 'external' || effectiveControl(state) !== 'agent') continue;
      report({
        at: state.control!.key ?? state.control!.node,
        message:
          `'control: agent' on state '${state.name}' has no effect: with 'orchestration: external' an outside system ` +
          `drives its transitions and control is consulted only on agent-initiated ones. Not an error; use ` +
          `'orchestration: hybrid' if the agent also transitions here, or remove control`,
      });
    }
  },
});
