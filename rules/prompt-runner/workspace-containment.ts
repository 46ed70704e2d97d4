import { defineRule, isScalar } from '@orchlint/core';
import type { PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/workspace-containment';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/workspace-containment',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner Workspace.Doctor.containment_report/2: only operator.containment "systemd_user" (the default) is ready; any other value leaves the workspace not ready, so preflight refuses to run',
  summary: 'operator.containment must be systemd_user (or left out)',
  check(model, report) {
    if (model.kind !== 'workspace') return;
    const node = model.tree.get(model.tree.get(model.tree.root, 'operator'), 'containment');
    // A non-string value is a load error, which prompt-runner/workspace-manifest reports.
    if (!isScalar(node) || typeof node.value !== 'string' || node.value === 'systemd_user') return;
    report({
      at: node,
      message: `containment '${node.value}' is not one Prompt Runner knows: workspace doctor reports the workspace not ready and runs refuse to start; use systemd_user (the default), or remove the key`,
    });
  },
});
