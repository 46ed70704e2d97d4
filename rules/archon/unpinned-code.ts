import { defineRule, fetchedCodeRuns, isScalar, pinned, unpinnedRun } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';
import { fetchedMessage, unpinnedMessage } from '../supply-chain.js';

export default defineRule<WorkflowModel>({
  id: 'archon/unpinned-code',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'high',
  basis:
    'derived: npx -y, uvx and their kin fetch whatever the registry serves at each run, a uv script resolves unpinned deps: the same way (DE:3778 `uv run --with`), and curl | sh runs what a URL serves, all with the node’s permissions',
  summary: 'a shell body or script runs code fetched at run time without a pinned version or a check',
  check(model, report) {
    for (const node of model.nodes) {
      for (const body of node.shells) {
        const script = body.script;
        for (const command of script.commands) {
          const run = unpinnedRun(command);
          if (run?.word) report({ at: body.sourceSpan(run.word.span), message: unpinnedMessage(run, node.label) });
          const how = fetchedCodeRuns(script, command);
          if (how) report({ at: body.sourceSpan(command.span), message: fetchedMessage(command, how, node.label) });
        }
      }
      if (node.kind !== 'script' || node.fields.get('runtime')?.value !== 'uv') continue;
      for (const dep of model.tree.items(node.fields.get('deps')?.node)) {
        if (!isScalar(dep) || typeof dep.value !== 'string' || pinned(dep.value, 'python')) continue;
        report({
          at: dep,
          message: `dependency '${dep.value}' of ${node.label} has no exact version: uv resolves the newest release at each run, so a compromised release runs with the node's permissions. Pin it ('${dep.value.replace(/[<>=~!].*$/, '')}==X.Y.Z')`,
        });
      }
    }
  },
});
