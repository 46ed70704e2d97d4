import type { Node } from 'yaml';
import type { ArchonNode, WorkflowModel } from './model.js';
import { providerChoice } from './provider-words.js';
import { toolEntries } from './tool-entries.js';

/**
 * Pi's seven built-in coding tools (pi options-translator.ts, PI_TOOL_NAMES). `resolvePiTools` lower-cases
 * each `allowed_tools` / `denied_tools` entry and keeps only these; any other name is dropped, with only the
 * run-time chat line "Pi ignored unknown tool names". Pi has no MCP and no permission rules (`Bash(git:*)`
 * is an unknown name to it), and `archon validate` checks no Pi names (Pi declares no knownToolNames).
 */
export const PI_TOOLS: readonly string[] = ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls'];

/** One `allowed_tools` / `denied_tools` entry of an AI node that runs on Pi (named, or resolved through a preset or the project's assistant). */
export interface PiToolEntry {
  node: ArchonNode;
  field: 'allowed_tools' | 'denied_tools';
  item: Node;
  name: string;
  /** How the node came to run on Pi, for the message; empty when the file names Pi. */
  choice: string;
}

export function* piToolEntries(model: WorkflowModel): Generator<PiToolEntry> {
  for (const { node, field, item, name, resolution } of toolEntries(model)) {
    if (resolution.provider !== 'pi') continue;
    yield { node, field, item, name, choice: providerChoice(model, resolution) };
  }
}
