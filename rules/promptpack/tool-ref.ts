import { defineRule, didYouMean, type ReportDescriptor } from '@orchlint/core';
import { delegationsToNonMembers, type Located, type PackModel, type StepModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/tool-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'Prompt.tools: "Tools must be defined in the pack-level tools object" (a member key delegates, RFC 0007); RFC 0010 rule 8: "Every tool reference in ToolStep and AgentStep.tools[] must resolve to a key in the pack\'s tools object"',
  summary: 'every tool a prompt or composition step names must be defined in tools',
  check(pack, report) {
    const tools = [...pack.tools.keys()];
    const members = [...(pack.agents?.members.keys() ?? [])];
    const unknown = (ref: Located, where: string, candidates: string[]): ReportDescriptor | undefined => {
      if (typeof ref.value !== 'string' || candidates.includes(ref.value)) return undefined;
      const defined = pack.tools.size ? "the pack's tools" : 'the pack, which has no tools map';
      return {
        at: ref.node,
        message: `${where} names tool '${ref.value}', which is not defined in ${defined}${didYouMean(ref.value, candidates)}; add it under 'tools' or remove the reference`,
      };
    };
    // The entry agent naming a prompt that is not a member is promptpack/agent-delegates-to-non-member's.
    const delegations = new Set(delegationsToNonMembers(pack));
    for (const prompt of pack.prompts.values()) {
      for (const ref of prompt.tools) {
        if (delegations.has(ref)) continue;
        const finding = unknown(ref, `prompt '${prompt.key.value}'`, [...tools, ...members]);
        if (finding) report(finding);
      }
    }
    const visit = (step: StepModel, composition: string): void => {
      const where = `${step.label} of composition '${composition}'`;
      for (const ref of [...step.tools, ...(step.tool ? [step.tool] : [])]) {
        const finding = unknown(ref, where, tools);
        if (finding) report(finding);
      }
      for (const branch of step.branches) visit(branch, composition);
    };
    for (const composition of pack.compositions.values()) {
      for (const step of composition.steps) visit(step, composition.key.value);
    }
  },
});
