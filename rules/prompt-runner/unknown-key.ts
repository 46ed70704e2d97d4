import { defineRule, didYouMean, nearMiss, ownValue } from '@orchlint/core';
import {
  manifestKeys,
  OPTION_SPELLINGS,
  PROMPT_KEYS,
  type MarkdownFile,
  type PromptRunnerModel,
} from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/unknown-key';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/unknown-key',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner Packet.build_packet/5, Packet.merged_options/2 and DirectorySource.build_prompt/1 read a fixed set of keys; any other manifest or front-matter key is silently ignored',
  summary: 'a manifest or prompt front-matter key the runner never reads (a typo, usually)',
  check(model, report) {
    if (model.kind !== 'packet') return;
    const check = (file: MarkdownFile, known: readonly string[], what: string) => {
      if (!file.tree || !file.attributes) return;
      for (const e of file.tree.entries(file.attributes)) {
        if (known.includes(e.key)) continue;
        // 0.12.1 ignores `execution` too; prompt-runner/execution-ignored says so in its own words.
        if (e.key === 'execution' && what === 'packet manifest') continue;
        const spelling = ownValue(OPTION_SPELLINGS, e.key);
        const near = nearMiss(e.key, known);
        const advice =
          spelling !== undefined
            ? `it is the name of a run option (--${e.key.replace(/_/g, '-')}); in a ${what} Prompt Runner ${model.version} reads it as ${spelling}`
            : near === 'verify'
              ? 'fix the name (a misspelt verify: leaves the prompt with no contract), or remove the key'
              : 'fix the name or remove the key';
        report({
          at: e.keyNode,
          source: file.source,
          message: `'${e.key}' is not a key Prompt Runner reads in a ${what}, so it is silently ignored${spelling === undefined ? didYouMean(e.key, known) : ''}; ${advice}`,
        });
      }
    };
    if (model.manifest) check(model.manifest.file, manifestKeys(model.version), 'packet manifest');
    for (const p of model.prompts) check(p.file, PROMPT_KEYS, 'prompt front matter');
  },
});
