import { defineRule, type TreeNode } from '@orchlint/core';
import { providerChoice, type ProviderResolution, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/provider-overridden',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    "node-model-resolution.ts resolveNodeModel: a tier or alias preset's provider replaces the node's (providerConflict); dag-executor.ts warns only at run time: \"Node sets provider 'a' but model 'm' resolves to provider 'b' — using 'b'\"",
  summary: 'a written provider: that the tier or alias in model: replaces',
  check(model, report) {
    // A workflow-level pair reaches every node that inherits it: one finding per place it is written.
    const seen = new Set<TreeNode>();
    const found: ProviderResolution[] = [model.analysis.workflowProvider()];
    for (const node of model.nodes) {
      const r = model.analysis.provider(node);
      if (r) found.push(r);
    }
    for (const r of found) {
      if (!r.overridden || !r.at || seen.has(r.at.node)) continue;
      seen.add(r.at.node);
      report({
        at: r.at.node,
        message:
          `provider '${r.overridden.value}' is written, but ${providerChoice(model, r)}, and the preset's provider wins: Archon runs the node on '${r.provider}' and says so only in a run-time chat message. ` +
          "Drop 'provider:', or write a literal model for that provider instead of the tier or alias",
        related: [{ at: r.overridden.node, message: 'the provider that is replaced' }],
      });
    }
  },
});
