import { defineRule, entryRemovalSpan } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/model-reasoning-effort',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'loader.ts parse warning: "\'modelReasoningEffort: x\' is deprecated and has been applied as \'effort: x\'" (or "… was IGNORED" when effort is also set)',
  summary: 'modelReasoningEffort is deprecated; write effort',
  fixable: true,
  check(model, report) {
    const old = model.fields.get('modelReasoningEffort');
    if (!old) return;
    const effort = model.fields.get('effort');
    if (effort) {
      const span = entryRemovalSpan(model.tree, { value: old.value, key: old.key, node: old.node ?? old.key.node });
      report({
        at: old.key,
        message: "'modelReasoningEffort' is deprecated and is IGNORED here because 'effort' is also set; remove it",
        related: [{ at: effort.key, message: 'the effort that applies' }],
        ...(span && { fix: { title: "Remove 'modelReasoningEffort'", edits: [{ at: span, newText: '' }] } }),
      });
      return;
    }
    report({
      at: old.key,
      message:
        "'modelReasoningEffort' is deprecated; Archon applies it as 'effort' on every node. Rename the key to 'effort'",
      fix: { title: "Rename 'modelReasoningEffort' to 'effort'", edits: [{ at: old.key, newText: 'effort' }] },
    });
  },
});
