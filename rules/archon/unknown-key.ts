import { defineRule } from '@orchlint/core';
import { schemaFindings, WORKFLOW_ONLY_KEYS, type WorkflowModel } from '@orchlint/archon';

const NODE_KEYS_HINT = new Set([
  'depends_on',
  'when',
  'trigger_rule',
  'prompt',
  'command',
  'bash',
  'script',
  'context',
  'output_format',
  'allowed_tools',
  'denied_tools',
  'retry',
  'hooks',
  'mcp',
  'skills',
  'agents',
  'idle_timeout',
  'timeout',
  'systemPrompt',
  'maxBudgetUsd',
  'settingSources',
  'always_run',
  'persist_session',
  'output_type',
  'with',
  'id',
]);

export default defineRule<WorkflowModel>({
  id: 'archon/unknown-key',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis: 'loader.ts: "<Label>: unknown key \'<key>\' will be ignored" (a parse warning; the key is stripped)',
  summary: 'a key the engine does not know is stripped and ignored',
  check(model, report) {
    for (const f of schemaFindings(model)) {
      if (f.reaction !== 'strip') continue;
      const key = String(f.path[f.path.length - 1]);
      const where = f.path.length === 1 ? model.label : f.node ? f.node.label : `'${f.path.slice(0, -1).join('.')}'`;
      const onNode = f.node !== undefined && f.path.length === f.path.lastIndexOf('nodes') + 3;
      let hint = '';
      if (f.path.length === 1 && NODE_KEYS_HINT.has(key))
        hint = ` ('${key}' is valid on individual nodes, not at workflow level.)`;
      else if (onNode && key === 'interactive') {
        hint =
          " A node-level 'interactive' does not make the node a human gate: declare 'interactive: true' at workflow level and add an 'approval:' node.";
      } else if (onNode && WORKFLOW_ONLY_KEYS.has(key))
        hint = ` ('${key}' is valid at workflow level, not on individual nodes.)`;
      const suggestion = f.suggestion === undefined ? '' : ` (did you mean '${f.suggestion}'?)`;
      report({ at: f.span, message: `unknown key '${key}' in ${where} will be ignored${suggestion}${hint}` });
    }
  },
});
