import { defineRule, didYouMean, isMap, isSeq, type TreeNode } from '@orchlint/core';
import { termOf, type MarkdownFile, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/simulate-block';

const BLOCK_KEYS = ['attempts', 'resume'];
const STEP_KEYS = ['messages', 'writes', 'error', 'label'];
const WRITE_KEYS = ['path', 'text', 'append', 'repo'];
const ERROR_KEYS = ['kind', 'message', 'recovery', 'stderr'];
/** The kinds `SimulatedLLM.simulated_class/1` gives a class of their own; any other is a provider_runtime_claim. */
const ERROR_KINDS = [
  'provider_capacity',
  'provider_rate_limit',
  'rate_limit',
  'provider_auth_claim',
  'auth_error',
  'provider_config_claim',
  'config_invalid',
  'provider_runtime_claim',
  'runtime_error',
  'protocol_error',
  'transport_error',
  'transport_exit',
  'transport_timeout',
  'user_cancelled',
  'approval_denied',
  'guardrail_blocked',
];

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/simulate-block',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    "Prompt Runner SimulatedLLM (0.12.1): reads simulate.attempts (one step per attempt) and simulate.resume; a step's messages, writes {path, text, append, repo}, error {kind, message, recovery, stderr} and label; every other key is ignored, and an error kind simulated_class/1 does not know is a provider_runtime_claim",
  summary: "a simulate: block's keys and error kinds must be ones the simulated provider reads",
  check(model, report) {
    if (model.kind !== 'packet') return;
    const manifestProvider = providerOf(model.manifest?.file);
    for (const p of model.prompts) {
      const tree = p.file.tree;
      const entry = tree && p.file.attributes ? tree.entry(p.file.attributes, 'simulate') : undefined;
      if (!tree || !entry?.value || termOf(tree, entry.value) === null) continue;
      const source = p.file.source;
      const warn = (at: TreeNode, message: string) => report({ at, source, message });
      const provider = providerOf(p.file) ?? manifestProvider;
      if (provider !== undefined && provider.toLowerCase() !== 'simulated') {
        warn(
          entry.keyNode,
          `'simulate:' is read only by the simulated provider, and this prompt runs on '${provider}', so the whole block is ignored; set provider: simulated or drop the block`,
        );
        continue;
      }
      const unknownKeys = (node: TreeNode, known: string[], where: string) => {
        for (const e of tree.entries(node))
          if (!known.includes(e.key))
            warn(
              e.keyNode,
              `'${e.key}' is not a key the simulated provider reads in ${where}, so it is ignored${didYouMean(e.key, known)} (it reads ${known.join(', ')})`,
            );
      };
      const step = (node: TreeNode | undefined, where: string) => {
        const s = tree.resolve(node);
        if (!s) return;
        if (!isMap(s)) {
          warn(
            s,
            `${where} must be a mapping of ${STEP_KEYS.join(', ')}; the simulated provider reads anything else as an empty step (a run that succeeds and says nothing)`,
          );
          return;
        }
        unknownKeys(s, STEP_KEYS, where);
        const writes = tree.resolve(tree.get(s, 'writes'));
        for (const w of isSeq(writes) ? tree.items(writes) : []) {
          if (!isMap(w)) {
            warn(w, `a write must be a mapping {path, text, append, repo}; the simulated provider skips anything else`);
            continue;
          }
          unknownKeys(w, WRITE_KEYS, 'a write');
          if (!tree.entry(w, 'path'))
            warn(w, "this write has no 'path', so the simulated provider writes its text to simulated.out");
        }
        const error = tree.resolve(tree.get(s, 'error'));
        if (!isMap(error)) return;
        unknownKeys(error, ERROR_KEYS, 'an error');
        const recovery = tree.resolve(tree.get(error, 'recovery'));
        const kindNode = tree.get(error, 'kind');
        const kindValue = termOf(tree, kindNode);
        // An explicit recovery decides the class; the kind then only names the error.
        if (
          !kindNode ||
          typeof kindValue !== 'string' ||
          ERROR_KINDS.includes(kindValue) ||
          (isMap(recovery) && recovery.items.length)
        )
          return;
        const guide =
          kindValue === 'transport_disconnect'
            ? " (the guide lists it, but the provider's code does not: transport_error and transport_exit are its transport_disconnect)"
            : '';
        warn(
          kindNode,
          `error kind '${kindValue}' has no class of its own in the simulated provider${guide}, so the failure is a provider_runtime_claim (retried, never resumed)${guide ? '' : didYouMean(kindValue, ERROR_KINDS)}; use one of ${ERROR_KINDS.join(', ')}, or give it a recovery: map`,
        );
      };
      const block = tree.resolve(entry.value);
      if (!isMap(block)) {
        warn(entry.value, "'simulate' must be a mapping with attempts: (a list of steps) and resume: (a step)");
        continue;
      }
      unknownKeys(block, BLOCK_KEYS, "'simulate'");
      const attempts = tree.entry(block, 'attempts');
      const list = tree.resolve(attempts?.value);
      if (attempts && list && termOf(tree, list) !== null) {
        if (isSeq(list)) for (const [i, item] of tree.items(list).entries()) step(item, `attempt ${i + 1}`);
        else
          warn(
            attempts.keyNode,
            "'simulate.attempts' must be a list of steps, one per attempt; the simulated provider finds no step in anything else",
          );
      }
      const resume = tree.resolve(tree.get(block, 'resume'));
      if (isSeq(resume)) for (const [i, item] of tree.items(resume).entries()) step(item, `resume step ${i + 1}`);
      else if (resume) step(resume, "'simulate.resume'");
    }
  },
});

/** The provider a packet file's front matter names, if a string. */
function providerOf(file: MarkdownFile | undefined): string | undefined {
  const tree = file?.tree;
  const value = tree && file.attributes ? termOf(tree, tree.get(file.attributes, 'provider')) : null;
  return typeof value === 'string' ? value : undefined;
}
