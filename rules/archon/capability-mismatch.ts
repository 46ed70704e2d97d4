import { defineRule, scalarValue, type Field } from '@orchlint/core';
import {
  CAPABILITIES,
  FIELD_CAPABILITY,
  isAiNode,
  isProvider,
  providerChoice,
  type Provider,
  type ProviderResolution,
  type WorkflowModel,
} from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/capability-mismatch',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Workflow Language Constitution, smell 4: "Capability mismatches must warn (never silently no-op)"; provider capabilities.ts; spec §1.8',
  summary:
    'a field the provider the node runs on does not support, or a provider that cannot run in the container the workflow asks for',
  check(model, report) {
    const warn = (entry: Field, r: ProviderResolution, where: string, reported: string) => {
      const choice = providerChoice(model, r);
      const emptyTools = entry.key.value === 'allowed_tools' && entry.size === 0;
      report({
        at: entry.key,
        message: emptyTools
          ? `${where} sets 'allowed_tools: []' to take every tool away, but provider '${r.provider}' cannot restrict tools${choice ? ` (${choice})` : ''}: Archon ignores the list (saying so ${reported}) and the node keeps every tool; run the node on a provider that restricts tools (claude, opencode, pi, copilot)`
          : `${where} uses '${entry.key.value}', but provider '${r.provider}' doesn't support it${choice ? ` (${choice})` : ''} — it will be ignored (Archon says so ${reported}); remove it or pick a provider that supports it`,
      });
    };
    const when = (reported: string) =>
      reported === 'run' ? 'only at run time' : "in 'archon validate' and at run time, not at load";
    const scope = model.analysis.workflowProvider();
    if (known(scope))
      for (const { field, capability, reported } of FIELD_CAPABILITY) {
        const entry = model.fields.get(field);
        if (entry && !CAPABILITIES[scope.provider].has(capability)) warn(entry, scope, model.label, when(reported));
      }
    const container = model.tree.get(model.fields.get('container')?.node, 'enabled');
    const inContainer = scalarValue(container) === true;
    for (const node of model.nodes) {
      const r = model.analysis.provider(node);
      if (!r || !known(r)) continue;
      if (isAiNode(node))
        for (const { field, capability, reported } of FIELD_CAPABILITY) {
          const entry = node.fields.get(field);
          if (entry && !CAPABILITIES[r.provider].has(capability)) warn(entry, r, node.label, when(reported));
        }
      if (inContainer && container && !CAPABILITIES[r.provider].has('containerExec')) {
        const choice = providerChoice(model, r);
        report({
          at: r.at?.key ?? node.idField?.key ?? node.node,
          message:
            `${node.label} runs on provider '${r.provider}'${choice ? ` (${choice})` : ''}, which cannot run inside a container (containerExec), ` +
            "but the workflow asks for one: Archon refuses every container run of it before any node starts (a repo project ignores 'container:' and runs it on the host); use provider claude here, or drop 'container.enabled'",
          related: [{ at: container, message: 'the workflow asks for a container here' }],
        });
      }
    }
  },
});

/**
 * A provider orchlint can judge: one the file or the project's config names, or one a tier or alias
 * resolves to. Nothing named at all is the user's default assistant, which orchlint cannot see.
 */
function known(r: ProviderResolution): r is ProviderResolution & { provider: Provider } {
  return (r.source !== 'assistant' || !r.userDependent) && isProvider(r.provider);
}
