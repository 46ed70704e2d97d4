import { defineRule } from '@orchlint/core';
import { stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/agent-state-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0011 rules 1–2: "Every AgentDef.state value MUST reference a key in the pack\'s workflow.states" and "Using state without a workflow is an error"',
  summary: "an agent's state must name a workflow state",
  check(pack, report) {
    for (const member of pack.agents?.members.values() ?? []) {
      const state = stringOf(member.state);
      if (state === undefined) continue;
      const states = pack.workflow?.states;
      if (!states) {
        report({
          at: member.state!.key ?? member.state!.node,
          message:
            `agent '${member.key.value}' starts in workflow state '${state}', but the pack has no workflow; add a top-level ` +
            `workflow with that state, or remove state so the agent runs prompt '${member.key.value}'`,
        });
      } else if (!states.has(state)) {
        report({
          at: member.state!.node,
          message:
            `agent '${member.key.value}' starts in '${state}', which is not a workflow state${suggestion(state, states.keys(), 'states')}; ` +
            `name an existing state, or remove state so the agent runs prompt '${member.key.value}'`,
        });
      }
    }
  },
});
