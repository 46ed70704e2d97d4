import { defineRule } from '@orchlint/core';
import { schemaFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/dropped-value',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'spec §1.3 and §8.2: optional workflow-level fields with a bad value are "warn-and-drop, log only" — no parse warning reaches the author',
  summary: 'a workflow-level value the engine silently discards',
  check(model, report) {
    for (const f of schemaFindings(model)) {
      if (f.reaction !== 'drop') continue;
      report({
        at: f.span,
        message: `${f.message}; Archon drops this value and writes only a log line, so the workflow runs without it`,
      });
    }
  },
});
