import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/legacy-steps',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'loader.ts parseWorkflow: "`steps:` format has been removed. Workflows now use `nodes:` (DAG) format exclusively."',
  summary: 'the sequential steps: format was removed; the engine rejects the file',
  check(model, report) {
    const steps = model.fields.get('steps');
    if (!steps || (steps.type === 'array' && steps.size === 0)) return;
    report({
      at: steps.key,
      message:
        "the 'steps:' format has been removed and Archon rejects this file; rewrite it as 'nodes:' (a DAG: give each step an 'id' and a 'depends_on' on the one before it), see docs/sequential-dag-migration-guide.md",
    });
  },
});
