import type { Node } from 'yaml';
import type { ArchonNode, WorkflowModel } from './model.js';
import { providerChoice } from './provider-words.js';
import { toolEntries } from './tool-entries.js';

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

/** One `allowed_tools` / `denied_tools` entry of an AI node that runs on Claude (named, resolved or the default). */
export interface ClaudeToolEntry {
  node: ArchonNode;
  field: 'allowed_tools' | 'denied_tools';
  item: Node;
  name: string;
  /** How the node came to run on Claude, for the message; empty when the file names Claude. */
  choice: string;
}

export function* claudeToolEntries(model: WorkflowModel): Generator<ClaudeToolEntry> {
  for (const { node, field, item, name, resolution } of toolEntries(model)) {
    if (resolution.provider !== 'claude') continue;
    yield { node, field, item, name, choice: providerChoice(model, resolution) };
  }
}
