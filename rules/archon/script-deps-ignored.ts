import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/script-deps-ignored',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'validator.ts (archon validate): "\'deps\' is ignored for bun runtime (bun auto-installs packages at runtime)"; dag-executor.ts passes deps only to uv',
  summary: "'deps' on a script node run by bun is ignored",
  check(model, report) {
    for (const node of model.nodes) {
      const deps = node.fields.get('deps');
      if (node.kind !== 'script' || !deps || node.fields.get('runtime')?.value !== 'bun') continue;
      if (deps.type !== 'array' || !deps.size) continue;
      report({
        at: deps.key,
        message: `${node.label}: 'deps' is ignored for runtime: bun (bun installs packages itself when the script imports them); remove it, or use runtime: uv if the script needs its dependencies listed`,
      });
    }
  },
});
