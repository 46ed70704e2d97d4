import { defineRule, didYouMean } from '@orchlint/core';
import { Atom, Tuple, type PromptRunnerModel, type Term } from '@orchlint/prompt-runner';

export const kind = 'invalid_execution_policy';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/invalid-execution-policy',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    'Prompt Runner 0.13 packet lint `invalid_execution_policy` (CompletionPolicy.normalize/1); only when targeting 0.13 or later',
  summary:
    'execution must be {completion: verifier_owned[, incomplete: fail]} or {completion: agent_owned, incomplete: repeat}',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest || !model.execution?.problem) return;
    const { reason, at } = model.execution.problem;
    const source = model.manifest.file.source;
    // `orchlint packet lint` prints the runner's own `execution policy is invalid: <inspect(reason)>`.
    report({
      at,
      source,
      message: `execution policy is invalid: ${inYaml(reason, source.text.slice(at.start, at.end))}`,
    });
  },
});

const SHAPES =
  'use {completion: verifier_owned} (optionally incomplete: fail) or {completion: agent_owned, incomplete: repeat}';

/** The runner's reason, said in the YAML the author wrote; `written` is the text at the finding. */
function inYaml(reason: Term, written: string): string {
  const items = reason instanceof Tuple ? reason.items : [reason];
  switch (items[0] instanceof Atom ? items[0].name : '') {
    case 'invalid_execution':
      return `execution must be a mapping, not ${written}; ${SHAPES}`;
    case 'unknown_execution_keys': {
      const keys = Array.isArray(items[1]) ? items[1].map(String) : [];
      const hints = keys.map(
        (k) => `'${k}'${didYouMean(k, ['completion', 'incomplete']).replace(/^; /, ' (').replace(/\?$/, '?)')}`,
      );
      return `unknown key${keys.length > 1 ? 's' : ''} ${hints.join(', ')}; the keys are completion and incomplete`;
    }
    case 'agent_owned_requires':
      return `completion: agent_owned needs incomplete: repeat`;
    case 'invalid_completion':
      return `completion must be verifier_owned or agent_owned${/^\s*completion\b/.test(written) ? '' : `, not ${written}`}; ${SHAPES}`;
    case 'invalid_incomplete_policy': {
      const owner = items[1] instanceof Atom ? items[1].name : '';
      return `with completion: ${owner}, incomplete must be ${owner === 'agent_owned' ? 'repeat' : 'fail (or left out)'}, not ${written}`;
    }
    default:
      return written;
  }
}
