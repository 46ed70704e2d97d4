import { defineRule } from '@orchlint/core';
import { stringOf, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/artifact-template-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'never-works',
  basis:
    'RFC 0009: "If a prompt template references {{artifacts.<name>}}, the corresponding workflow state should declare that artifact. Validators should warn on mismatches" (artifacts are workflow-wide)',
  summary: "a state's prompt reads an artifact that no state declares",
  check(pack, report) {
    const states = [...(pack.workflow?.states.values() ?? [])];
    // Artifacts share one workflow-wide namespace, and RFC 0009's own examples declare each one once,
    // in the state that writes it: a read is a mismatch only when no state declares the name.
    const declared = new Set(states.flatMap((s) => s.artifacts.map((a) => a.name)));
    for (const state of states) {
      const task = stringOf(state.promptTask);
      const prompt = task === undefined ? undefined : pack.prompts.get(task);
      const seen = new Set<string>();
      for (const ref of prompt?.artifactRefs ?? []) {
        if (declared.has(ref.name) || seen.has(ref.name)) continue;
        seen.add(ref.name);
        report({
          at: state.promptTask!.node,
          message:
            `state '${state.name}' runs prompt '${task}', whose system_template reads {{artifacts.${ref.name}}}, but no state ` +
            `declares an artifact '${ref.name}', so it is empty on every run${suggestion(ref.name, declared, 'declared artifacts')}; ` +
            `declare it under the artifacts of the state that writes it, or fix the name`,
          related: [{ at: ref.span, message: `the template reads artifact '${ref.name}' here` }],
        });
      }
    }
  },
});
