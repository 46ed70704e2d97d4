import { defineRule } from '@flowlint/core';
import { nameList, stringOf, type PackModel } from '@flowlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/artifact-template-ref',
  dialect: 'promptpack',
  severity: 'warning',
  basis:
    'RFC 0009: "If a prompt template references {{artifacts.<name>}}, the corresponding workflow state should declare that artifact. Validators should warn on mismatches"',
  summary: "a state's prompt reads an artifact the state does not declare",
  check(pack, report) {
    const states = [...(pack.workflow?.states.values() ?? [])];
    for (const state of states) {
      const task = stringOf(state.promptTask);
      const prompt = task === undefined ? undefined : pack.prompts.get(task);
      if (!prompt) continue;
      const declared = new Set(state.artifacts.map((a) => a.name));
      const seen = new Set<string>();
      for (const ref of prompt.artifactRefs) {
        if (declared.has(ref.name) || seen.has(ref.name)) continue;
        seen.add(ref.name);
        const elsewhere = states.filter((s) => s.artifacts.some((a) => a.name === ref.name)).map((s) => s.name);
        const hint = elsewhere.length
          ? ` ('${ref.name}' is declared by ${nameList(elsewhere)}: declare it here too, with the same type and mode)`
          : '';
        report({
          at: state.promptTask!.node,
          message:
            `state '${state.name}' runs prompt '${task}', whose system_template reads {{artifacts.${ref.name}}}, but the ` +
            `state declares no artifact '${ref.name}'; add it under workflow.states.${state.name}.artifacts${hint}`,
          related: [{ at: ref.span, message: `the template reads artifact '${ref.name}' here` }],
        });
      }
    }
  },
});
