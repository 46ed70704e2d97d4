import { defineRule, type Field } from '@orchlint/core';
import { CAPABILITIES, isProvider, untrustedPrompt, type ArchonNode, type WorkflowModel } from '@orchlint/archon';

/** Claude tools that run commands or change files. */
const POWER_TOOLS = ['Bash', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit'];

const listed = (field: Field | undefined): string[] | undefined =>
  field?.type === 'array' && Array.isArray(field.node?.toJSON())
    ? (field.node!.toJSON() as unknown[]).filter((t): t is string => typeof t === 'string')
    : undefined;
const toolName = (t: string) => t.replace(/\(.*$/s, '').trim();

/** What the agent may do that an injected instruction could use, or undefined when its tools are confined. */
function power(node: ArchonNode, model: WorkflowModel): string | undefined {
  // The tool lists and sandbox confine only on a provider that has them (Codex runs with full access
  // and drops both); an unknown or user-dependent provider is given the benefit of the doubt.
  const r = model.analysis.provider(node);
  const caps =
    r && isProvider(r.provider) && !(r.source === 'assistant' && r.userDependent)
      ? CAPABILITIES[r.provider]
      : undefined;
  const sandbox = (f: Field | undefined) => (f?.node?.toJSON() as { enabled?: unknown } | undefined)?.enabled === true;
  if ((!caps || caps.has('sandbox')) && (sandbox(node.fields.get('sandbox')) || sandbox(model.fields.get('sandbox'))))
    return undefined;
  if (caps && !caps.has('toolRestrictions'))
    return `it runs on provider '${r!.provider}', which cannot restrict tools: allowed_tools and denied_tools are ignored there, and it may run commands and write files`;
  const allowed = listed(node.fields.get('allowed_tools'));
  if (allowed) {
    const strong = allowed.map(toolName).filter((t) => POWER_TOOLS.includes(t));
    return strong.length ? `allowed_tools grants ${strong.join(', ')}` : undefined;
  }
  const denied = new Set((listed(node.fields.get('denied_tools')) ?? []).map(toolName));
  const left = POWER_TOOLS.filter((t) => !denied.has(t));
  return left.length ? `it has no allowed_tools, so it gets every tool (${left.join(', ')} among them)` : undefined;
}

export default defineRule<WorkflowModel>({
  id: 'archon/excessive-agency',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'medium',
  basis:
    "derived: Archon runs Claude with permissionMode 'bypassPermissions' (providers/src/claude/provider.ts:841) and Codex with sandboxMode 'danger-full-access' (codex/provider.ts:122); allowed_tools/denied_tools and sandbox are the only limits (provider.ts:573-585, 682)",
  summary: 'an AI node reads untrusted text and may run commands or write files with no approval',
  check(model, report) {
    for (const node of model.nodes) {
      if (node.kind !== 'prompt' && node.kind !== 'loop') continue;
      const source = untrustedPrompt(model, node);
      const can = source && power(node, model);
      if (!source || !can) continue;
      report({
        at: node.kindEntries[0]!.entry.key.node,
        confidence: source.confidence === 'high' ? 'medium' : 'low',
        message:
          `${node.label} reads untrusted text, ${source.label}, and runs with no permission prompt: ${can}. ` +
          "An instruction planted in that text can run commands or rewrite files. Give it only the tools it needs (allowed_tools: [Read, Grep, Glob]), deny Bash and the editing tools, or set 'sandbox: { enabled: true }'",
      });
    }
  },
});
