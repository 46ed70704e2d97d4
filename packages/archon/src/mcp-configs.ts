import type { Host } from '@orchlint/core';
import type { McpFile, WorkflowModel } from './model.js';
import { join } from './project.js';

/**
 * Reads the file each node's `mcp:` names, as `archon validate` (validator.ts) and every MCP-capable
 * provider (mcp/config.ts loadMcpConfig) do: a path relative to the run's working directory, the
 * project root, taken as written (no variable is substituted), JSON whose top level is an object.
 * `~` is no home folder here, just a folder name. An absolute path, or one that leaves the project, is not
 * looked at: orchlint reads only inside the linted project. Returns the files read, for the unit's consulted list.
 */
export function readMcpFiles(model: WorkflowModel, root: string, host: Host): string[] {
  const read: string[] = [];
  for (const node of model.nodes) {
    const value = node.fields.get('mcp')?.value;
    if (typeof value !== 'string' || value.trim() === '' || value.startsWith('/')) continue;
    const path = join(root, value);
    const rel = join('', value);
    if (rel === '..' || rel.startsWith('../')) continue;
    read.push(path);
    node.mcpFile = { path: value, state: stateOf(host.readFile(path)) };
  }
  return read;
}

function stateOf(text: string | undefined): McpFile['state'] {
  if (text === undefined) return 'missing';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'not-json';
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? 'ok' : 'not-an-object';
}
