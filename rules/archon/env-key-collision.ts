import { defineRule, type Key } from '@orchlint/core';
import { inputEnvKey, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/env-key-collision',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "workflow-inputs.ts / dag-node.ts: \"Workflow inputs '<a>' and '<b>' both map to env var 'INPUTS_<X>'\"; \"<kind> bindings '<a>' and '<b>' both map to env var\"",
  summary: 'two input or binding names must not map to the same INPUTS_<NAME> variable',
  check(model, report) {
    const check = (entries: Key[], what: string) => {
      const seen = new Map<string, Key>();
      for (const e of entries) {
        const key = inputEnvKey(e.value);
        const first = seen.get(key);
        if (!first) {
          seen.set(key, e);
          continue;
        }
        report({
          at: e,
          message: `${what} '${first.value}' and '${e.value}' both map to env var '${key}' — rename one so each has a unique env key; Archon refuses to load the workflow`,
          related: [{ at: first, message: `'${first.value}'` }],
        });
      }
    };
    check(
      (model.inputs ?? []).map((i) => i.field.key),
      'workflow inputs',
    );
    for (const node of model.nodes) {
      if (node.kind === 'command' || node.kind === 'script')
        check(
          node.bindings.map((b) => b.field.key),
          `${node.label}: ${node.kind} bindings`,
        );
    }
  },
});
