import { defineRule } from '@orchlint/core';
import { schemaFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/schema',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Archon 0.9 workflow and node schemas (workflow.ts, dag-node.ts, loop.ts, retry.ts, hooks.ts): values the loader rejects',
  summary: 'a value the engine rejects at load time (wrong type, unknown enum value, out of range, missing field)',
  check(model, report) {
    for (const f of schemaFindings(model)) {
      if (f.reaction !== 'reject') continue;
      report({ at: f.span, message: `${f.message}; Archon ${model.version} refuses to load the workflow` });
    }
  },
});
