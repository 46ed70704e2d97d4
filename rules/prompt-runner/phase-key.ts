import { defineRule, isMap, isScalar } from '@orchlint/core';
import { termOf, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/phase-key';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/phase-key',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner Packet.normalize_phases/1: phases is a map whose keys are integers or strings Integer.parse reads whole; other keys, and a phases that is not a map, are silently dropped',
  summary: 'phases keys must be phase numbers',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest?.tree || !model.manifest.attributes) return;
    const { tree, file } = model.manifest;
    const e = tree.entry(model.manifest.attributes, 'phases');
    if (!e?.value || termOf(tree, e.value) === null) return;
    if (!isMap(tree.resolve(e.value))) {
      report({
        at: e.value,
        source: file.source,
        message:
          'phases must be a mapping of phase number to name, e.g. { 1: Bootstrap }; Prompt Runner silently drops anything else',
      });
      return;
    }
    for (const p of tree.entries(e.value)) {
      const key = isScalar(p.keyNode) ? p.keyNode.value : undefined;
      if ((typeof key === 'number' && Number.isInteger(key)) || (typeof key === 'string' && /^[+-]?\d+$/.test(key)))
        continue;
      report({
        at: p.keyNode,
        source: file.source,
        message: `phases key '${p.key}' is not a phase number, so Prompt Runner silently drops the name; prompts name their phase by number (phase: 1), so key it by number, e.g. "1": ${JSON.stringify(String(termOf(tree, p.value) ?? ''))}`,
      });
    }
  },
});
