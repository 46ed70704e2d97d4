import { defineRule } from '@orchlint/core';
import { inspect, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/workspace-manifest';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/workspace-manifest',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner Workspace.Manifest.load/1 (schema prompt_runner.workspace/v1, strict keys, required strings, ids, repositories, packet binding, contract artifacts, operator roots)',
  summary: 'a workspace manifest must load: every error the runner stops at, and sections it silently empties',
  check(model, report) {
    if (model.kind !== 'workspace') return;
    for (const problem of model.problems) {
      const why = problem.silent
        ? ''
        : ` (Prompt Runner stops loading the manifest: {:error, ${inspect(problem.reason)}})`;
      report({ at: problem.at, message: `${problem.message}${why}` });
    }
  },
});
