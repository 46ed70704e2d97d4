import { defineRule } from '@orchlint/core';
import { IGNORED_FIELDS, SILENTLY_DROPPED_FIELDS, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/ai-field-ignored',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'dag-node.ts BASH_NODE_AI_FIELDS, LOOP_NODE_AI_FIELDS, LOOP_GROUP_NODE_AI_FIELDS, INCLUDE_NODE_IGNORED_FIELDS, WORKFLOW_NODE_IGNORED_FIELDS: accepted, then dropped with only a log line (<type>_node_ai_fields_ignored); the loop transform keeps neither provider nor model, with no log line at all',
  summary: 'an AI setting on a node kind that runs no AI session is silently ignored',
  check(model, report) {
    for (const node of model.nodes) {
      for (const field of (node.kind && SILENTLY_DROPPED_FIELDS[node.kind]) ?? []) {
        const entry = node.fields.get(field);
        if (!entry) continue;
        report({
          at: entry.key,
          message:
            `'${field}' has no effect on a ${node.kind} node (${node.label}): Archon drops it when the workflow loads, without a warning or a log line, ` +
            "so every iteration runs on the workflow's provider and model; set it at workflow level, or make the loop a loop_group whose body node sets it",
        });
      }
      const ignored = node.kind && IGNORED_FIELDS[node.kind];
      if (!ignored) continue;
      for (const field of ignored) {
        const entry = node.fields.get(field);
        if (!entry) continue;
        // Later engines enforce output_format on bash and script nodes.
        if (field === 'output_format' && model.version !== '0.9' && (node.kind === 'bash' || node.kind === 'script'))
          continue;
        // 'context.resume' off a command or prompt node makes the loader reject the file: archon/context-resume says so, once.
        if (field === 'context' && node.blocks.get('context')?.byKey.has('resume')) continue;
        report({
          at: entry.key,
          message: `'${field}' has no effect on a ${node.kind} node (${node.label}): Archon drops it and writes only a log line; remove it, or move it to the command/prompt node it was meant for`,
        });
      }
    }
  },
});
