import { defineRule } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

const WHAT = {
  missing: 'does not exist',
  'not-json': 'is not valid JSON',
  'not-an-object': 'is not a JSON object (Record<string, ServerConfig>: server names to their settings)',
} as const;

export default defineRule<WorkflowModel>({
  id: 'archon/mcp-config',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    'validator.ts (archon validate, level 3): "MCP config file not found: \'<p>\'", "… must be a JSON object", "… contains invalid JSON" (errors); mcp/config.ts loadMcpConfig throws the same when a provider with MCP (claude, codex, copilot) starts the node',
  summary: "the file a node's mcp: names must exist in the project and hold a JSON object",
  check(model, report) {
    for (const node of model.nodes) {
      const file = node.mcpFile;
      const at = node.fields.get('mcp')?.node;
      if (!file || file.state === 'ok' || !at) continue;
      const literal = file.path.startsWith('~')
        ? " ('~' is not the home folder here: the path is relative to the project root)"
        : file.path.includes('$')
          ? ' (the path is read as written: no variable is substituted in it)'
          : '';
      report({
        at,
        message:
          `Archon loads this file, but ${node.label} fails on every run of a provider that loads MCP servers (claude, codex, copilot): ` +
          `the MCP config file '${file.path}' ${WHAT[file.state]}${literal}, and 'archon validate' reports it as an error. Paths are relative to the project root; ` +
          `${file.state === 'missing' ? 'create the file, or fix the path' : 'make it a JSON object of server definitions'}`,
      });
    }
  },
});
