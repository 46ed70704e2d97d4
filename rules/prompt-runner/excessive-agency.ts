import { defineRule, isScalar, isSeq, type Tree, type TreeNode } from '@orchlint/core';
import type { MarkdownFile, PromptRunnerModel } from '@orchlint/prompt-runner';

/** `permission_mode` values that let the agent act with no confirmation (the runner's aliases included). */
const BYPASS = new Set([
  'bypass',
  'full_auto',
  'dangerously_skip_permissions',
  'bypass_permissions',
  'yolo',
  'dangerously_allow_all',
]);
const POWER_TOOLS = ['Bash', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit'];

function option(file: MarkdownFile | undefined, key: string): TreeNode | undefined {
  if (!file?.tree || !file.attributes) return undefined;
  return file.tree.get(file.attributes, key);
}

function tools(tree: Tree | undefined, node: TreeNode | undefined): string[] | undefined {
  if (!tree || !isSeq(node)) return undefined;
  return tree.items(node).flatMap((n) => (isScalar(n) && typeof n.value === 'string' ? [n.value] : []));
}

export const kind = 'prompt-runner/excessive-agency';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/excessive-agency',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'low',
  basis:
    'derived: Prompt Runner passes permission_mode (bypass and its aliases) and allowed_tools to the provider (Packet.merged_options; a prompt overrides the packet); with bypass the agent runs tools unconfirmed',
  summary: 'a prompt runs with permission_mode bypass and may run commands or write files',
  check(model, report) {
    if (model.kind !== 'packet') return;
    const manifest = model.manifest?.file;
    let packetSaid = false;
    for (const prompt of model.prompts) {
      const own = option(prompt.file, 'permission_mode');
      const at = own ?? option(manifest, 'permission_mode');
      if (!isScalar(at) || typeof at.value !== 'string' || !BYPASS.has(at.value) || (!own && packetSaid)) continue;
      const file = own ? prompt.file : manifest!;
      const ownTools = option(prompt.file, 'allowed_tools');
      const allowed = ownTools
        ? tools(prompt.file.tree, ownTools)
        : tools(manifest?.tree, option(manifest, 'allowed_tools'));
      const strong = allowed
        ? POWER_TOOLS.filter((t) => allowed.some((a) => a.replace(/\(.*$/s, '') === t))
        : POWER_TOOLS;
      if (!strong.length) continue;
      report({
        at,
        source: file.source,
        message:
          `prompt '${prompt.id ?? prompt.file.name}' runs with permission_mode '${at.value}' and ${allowed ? `allowed_tools grants ${strong.join(', ')}` : 'no allowed_tools, so every tool'}: ` +
          'an instruction planted in a file the agent reads can run commands or rewrite files unconfirmed. List only the tools it needs in allowed_tools, or use permission_mode: default',
      });
      // The packet's setting applies to every prompt that keeps it: said once, at the packet.
      if (!own) packetSaid = true;
    }
  },
});
