import { defineRule } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/agent-state-prompt',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis:
    "RFC 0011: a member with state runs the pack workflow from that state instead of the member-key prompt, which still sources the Agent Card; whether the two must be the same prompt is the RFC's open question",
  summary: "a state-backed agent whose state runs another prompt than the member key's",
  check(pack, report) {
    for (const member of pack.agents?.members.values() ?? []) {
      const name = member.state?.value;
      const state = typeof name === 'string' ? pack.workflow?.states.get(name) : undefined;
      const task = state?.promptTask?.value;
      if (!member.state || typeof task !== 'string' || task === member.key.value) continue;
      report({
        at: member.state.node,
        message:
          `agent '${member.key.value}' runs the workflow from state '${name}', whose prompt_task is '${task}': callers see the Agent Card of prompts.${member.key.value}, ` +
          `but the first turn runs prompts.${task} (and a runtime without state-backed agents runs prompts.${member.key.value} instead). Make them the same prompt if the card should describe what runs`,
      });
    }
  },
});
