import { defineRule } from '@orchlint/core';
import { stepGraph, stringOf, type PackModel, type PromptModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/provider-role',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'RFC 0017 rule 5: "Validators SHOULD warn when a prompt referenced by a conversational workflow state names a requirement whose role is not llm, and when a prompt step names one and has no output_schema"',
  summary: 'a non-LLM provider on a conversational state, or on a prompt step without output_schema',
  check(pack, report) {
    const roles = new Map(pack.providers.flatMap((p) => (p.role ? [[p.key.value, p.role] as const] : [])));
    const nonLlm = (key: string | undefined) => {
      const role = key === undefined ? undefined : roles.get(key);
      return role !== undefined && role !== 'llm' ? role : undefined;
    };
    const providerOf = (prompt: PromptModel | undefined) => stringOf(prompt?.provider) ?? 'default';
    const reported = new Set<PromptModel>();
    for (const state of pack.workflow?.states.values() ?? []) {
      if (state.orchestration?.value === 'composition') continue;
      const task = stringOf(state.promptTask);
      const prompt = task === undefined ? undefined : pack.prompts.get(task);
      const role = nonLlm(providerOf(prompt));
      if (!prompt?.provider || !role || reported.has(prompt)) continue;
      reported.add(prompt);
      report({
        at: prompt.provider.node,
        message:
          `prompt '${prompt.key.value}' runs on provider '${providerOf(prompt)}' (role '${role}'), but state '${state.name}' uses it ` +
          `for conversation, which needs a language model; run it on an 'llm' provider, or move the call into a composition step`,
        related: [{ at: state.promptTask!.node, message: `state '${state.name}' runs this prompt` }],
      });
    }
    for (const composition of pack.compositions.values()) {
      for (const { step } of stepGraph(composition).steps) {
        if (step.kind?.value !== 'prompt' || step.outputSchema) continue;
        const prompt = pack.prompts.get(stringOf(step.promptTask) ?? '');
        const key = stringOf(step.provider) ?? providerOf(prompt);
        const role = nonLlm(key);
        const at = step.provider?.node ?? prompt?.provider?.node;
        if (!role || !at) continue;
        report({
          at,
          message:
            `prompt ${step.label} of composition '${composition.key.value}' runs on provider '${key}' (role '${role}') but ` +
            `declares no output_schema, so nothing says what shape of answer to expect from a non-LLM provider; add output_schema`,
        });
      }
    }
  },
});
