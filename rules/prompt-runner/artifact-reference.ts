import { defineRule, didYouMean } from '@orchlint/core';
import { toElixirString, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/artifact-reference';

const ARTIFACT = '@artifact:';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/artifact-reference',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner Verifier.repo_index/1 maps "@artifact:<id>" to the installed contract artifact of a workspace run, and resolved_command/6 looks it up only as a whole exec value; args and paths are passed as written',
  summary: '@artifact:<id> works only as a whole exec value, naming an artifact the workspace installs',
  check(model, report) {
    if (model.kind !== 'packet') return;
    const artifacts = model.workspace?.artifactIds;
    for (const c of model.contracts) {
      for (const command of c.commands) {
        const program = command.program;
        const id = program?.value.startsWith(ARTIFACT) ? program.value.slice(ARTIFACT.length) : undefined;
        if (program && id !== undefined && !id.includes('/')) {
          if (artifacts && !artifacts.includes(id))
            report({
              at: program.node,
              source: c.file.source,
              message: `${LOADS_BUT}exec '${program.value}' names no artifact of the workspace manifest ${model.workspace!.source.path} (it installs ${artifacts.length ? artifacts.map((a) => `'${a}'`).join(', ') : 'none'})${didYouMean(id, artifacts)}, so the runner looks for a program of that name on PATH and finds none: a verifier_fault that halts the run. Declare it under contracts.artifacts or fix the id`,
            });
        } else if (program?.value.includes(ARTIFACT))
          report({
            at: program.node,
            source: c.file.source,
            message: `${LOADS_BUT}'${program.value}' is not resolved: '@artifact:<id>' stands for an artifact only as the whole exec value, so the runner looks for this text as a program and fails (a verifier_fault). Write exec: '@artifact:<id>' and put the rest in args`,
          });
        for (const arg of command.args) {
          const text = toElixirString(arg.term);
          if (text?.includes(ARTIFACT))
            report({
              at: arg.node,
              source: c.file.source,
              message: `${LOADS_BUT}the argument '${text}' reaches the program as written: '@artifact:<id>' is resolved only as the whole exec value (args resolve '@repo:' only); run the artifact as exec, or pass its path another way`,
            });
        }
      }
    }
  },
});
