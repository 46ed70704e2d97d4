import { scalarValue } from '@orchlint/core';
import type { Node } from 'yaml';
import { isAiNode, type ArchonNode, type WorkflowModel } from './model.js';

/**
 * claude capabilities.ts knownToolNames: the only provider in 0.9 with a fixed tool vocabulary, so the
 * only one `archon validate` checks `allowed_tools` / `denied_tools` names against (a warning: the SDK
 * ignores a name it does not know).
 */
export const CLAUDE_TOOLS: readonly string[] = [
  'Agent',
  'AskUserQuestion',
  'Bash',
  'Edit',
  'ExitPlanMode',
  'Glob',
  'Grep',
  'ListMcpResourcesTool',
  'NotebookEdit',
  'PowerShell',
  'Read',
  'ReadMcpResourceTool',
  'Skill',
  'SlashCommand',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TaskUpdate',
  'TodoWrite',
  'WebFetch',
  'WebSearch',
  'Write',
];

/** claude capabilities.ts renamedTools: old SDK tool name → current one. */
export const CLAUDE_RENAMED_TOOLS: Readonly<Record<string, string>> = {
  Task: 'Agent',
  BashOutput: 'TaskOutput',
  KillShell: 'TaskStop',
  MultiEdit: 'Edit',
};

/** One `allowed_tools` / `denied_tools` entry of an AI node that may run on Claude (named, or the default provider). */
export interface ClaudeToolEntry {
  node: ArchonNode;
  field: 'allowed_tools' | 'denied_tools';
  item: Node;
  name: string;
  /** Whether the file names the provider; otherwise Claude runs it as the default. */
  explicit: boolean;
}

export function* claudeToolEntries(model: WorkflowModel): Generator<ClaudeToolEntry> {
  for (const node of model.nodes) {
    const provider = node.provider?.value;
    if (!isAiNode(node) || (provider !== undefined && provider !== 'claude')) continue;
    for (const field of ['allowed_tools', 'denied_tools'] as const) {
      for (const item of model.tree.items(node.fields.get(field)?.node)) {
        const name = scalarValue(item);
        if (typeof name === 'string') yield { node, field, item, name, explicit: provider !== undefined };
      }
    }
  }
}
