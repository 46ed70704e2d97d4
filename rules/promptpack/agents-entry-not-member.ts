import { defineRule } from '@orchlint/core';
import { stringOf, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/agents-entry-not-member',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'RFC 0007: "The entry prompt should be listed in members (or implicitly included — see Unresolved Questions)"',
  summary: 'the entry agent should be listed in agents.members',
  check(pack, report) {
    const agents = pack.agents;
    const entry = stringOf(agents?.entry);
    // An entry that is no prompt at all is promptpack/agents-prompt-ref's error.
    if (!agents || entry === undefined || agents.members.has(entry) || !pack.prompts.has(entry)) return;
    report({
      at: agents.entry!.node,
      message:
        `agents.entry '${entry}' is not listed in agents.members; runtimes differ on including it implicitly (PromptKit ` +
        `rejects the pack), so add '${entry}: {}' under agents.members`,
    });
  },
});
