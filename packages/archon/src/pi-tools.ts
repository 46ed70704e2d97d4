import { scalarValue } from '@orchlint/core';
import type { Node } from 'yaml';
import { isAiNode, type ArchonNode, type WorkflowModel } from './model.js';

/**
 * Pi's seven built-in coding tools (pi options-translator.ts, PI_TOOL_NAMES). `resolvePiTools` lower-cases
 * each `allowed_tools` / `denied_tools` entry and keeps only these; any other name is dropped, with only the
 * run-time chat line "Pi ignored unknown tool names". Pi has no MCP and no permission rules (`Bash(git:*)`
 * is an unknown name to it), and `archon validate` checks no Pi names (Pi declares no knownToolNames).
 */
export const PI_TOOLS: readonly string[] = ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls'];

/** One `allowed_tools` / `denied_tools` entry of an AI node whose file names Pi as its provider. */
export interface PiToolEntry {
  node: ArchonNode;
  field: 'allowed_tools' | 'denied_tools';
  item: Node;
  name: string;
}

export function* piToolEntries(model: WorkflowModel): Generator<PiToolEntry> {
  for (const node of model.nodes) {
    if (!isAiNode(node) || node.provider?.value !== 'pi') continue;
    for (const field of ['allowed_tools', 'denied_tools'] as const) {
      for (const item of model.tree.items(node.fields.get(field)?.node)) {
        const name = scalarValue(item);
        if (typeof name === 'string') yield { node, field, item, name };
      }
    }
  }
}
