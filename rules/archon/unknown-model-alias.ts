import { defineRule, type TreeNode } from '@orchlint/core';
import type { Located, WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/unknown-model-alias',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'model-validation.ts resolveModelSpec: "Unknown alias \'@x\'. Defined aliases: …" (an error in archon validate; the node fails at run time), aliases layered from ~/.archon/config.yaml, .archon/config.yaml and per-user settings',
  summary: "a model '@alias' that the project's .archon/config.yaml does not define",
  check(model, report) {
    // A workflow-level model reaches every node that inherits it: one finding per place it is written.
    const seen = new Set<TreeNode>();
    const refs: Located<string>[] = [];
    const scope = model.analysis.workflowProvider().unknownAlias;
    if (scope) refs.push(scope);
    for (const node of model.nodes) {
      const ref = model.analysis.provider(node)?.unknownAlias;
      if (ref) refs.push(ref);
    }
    const defined = [...(model.config?.aliases.keys() ?? [])];
    const where = model.config
      ? `${model.config.shown} defines ${defined.length ? `only ${defined.map((a) => `'${a}'`).join(', ')}` : 'no aliases'}`
      : 'the project has no .archon/config.yaml to define it';
    for (const ref of refs) {
      if (seen.has(ref.node)) continue;
      seen.add(ref.node);
      report({
        at: ref.node,
        message:
          `model '${ref.value}' names an alias, but ${where}: on a machine whose ~/.archon/config.yaml does not define it either, 'archon validate' reports "Unknown alias" and the node fails when it runs. ` +
          "Define it under 'aliases:' in .archon/config.yaml, or write a tier (small, medium, large) or a literal model",
      });
    }
  },
});
