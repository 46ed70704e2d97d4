import { defineRule } from '@orchlint/core';
import { stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/agents-prompt-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0007: "The entry value must reference a key in the prompts object" and "Every key in members must reference a key in the prompts object"; RFC 0011 rule 3',
  summary: 'agents.entry and every agents.members key must name a prompt',
  check(pack, report) {
    const agents = pack.agents;
    if (!agents) return;
    const prompts = pack.prompts.keys();
    const entry = stringOf(agents.entry);
    if (entry !== undefined && !pack.prompts.has(entry)) {
      report({
        at: agents.entry!.node,
        message:
          `agents.entry '${entry}' is not a key of prompts${suggestion(entry, pack.prompts.keys(), 'prompts')}; the entry ` +
          `agent is built from that prompt: name an existing prompt or add prompts.${entry}`,
      });
    }
    for (const member of agents.members.values()) {
      if (pack.prompts.has(member.key.value)) continue;
      report({
        at: member.key.node,
        message:
          `agent member '${member.key.value}' is not a key of prompts${suggestion(member.key.value, prompts, 'prompts')}; each member's ` +
          `Agent Card comes from the prompt of the same key: rename the member or add prompts.${member.key.value}`,
      });
    }
  },
});
