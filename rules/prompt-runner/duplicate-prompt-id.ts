import { defineRule, firstFew, spanOfNode } from '@orchlint/core';
import { compareBytes, inspect, type PromptModel, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'duplicate_prompt_id';

const idSpan = (p: PromptModel) =>
  p.idField?.node ? spanOfNode(p.idField.node) : { start: 0, end: p.file.source.lineEnd(0) };

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/duplicate-prompt-id',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis: 'Prompt Runner 0.12.1 packet lint `duplicate_prompt_id`',
  summary: 'two prompts of a packet must not share a normalized id',
  check(model, report) {
    if (model.kind !== 'packet') return;
    const byId = new Map<string, PromptModel[]>();
    for (const p of model.prompts) if (p.id !== undefined) byId.set(p.id, [...(byId.get(p.id) ?? []), p]);
    for (const [id, group] of byId) {
      if (group.length < 2) continue;
      const sorted = [...group].sort((a, b) => compareBytes(a.file.name, b.file.name));
      const second = sorted[1]!;
      report({
        at: idSpan(second),
        source: second.file.source,
        message: `duplicate prompt id ${inspect(id)} in ${firstFew(sorted.map((p) => p.file.name))}; progress state, runtime state, and single-prompt selection are all keyed by id`,
        related: sorted
          .filter((p) => p !== second)
          .map((p) => ({
            at: idSpan(p),
            source: p.file.source,
            message: `prompt ${inspect(id)} is also ${p.file.name}`,
          })),
      });
    }
  },
});
