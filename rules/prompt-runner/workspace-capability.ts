import { defineRule, didYouMean } from '@flowlint/core';
import { capabilitiesOf, RELEASE_CAPABILITIES, releaseWithCapability, type PromptRunnerModel } from '@flowlint/prompt-runner';

export const kind = 'prompt-runner/workspace-capability';

const ALL = [...new Set(RELEASE_CAPABILITIES.flatMap(([, list]) => list))];

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/workspace-capability',
  dialect: 'prompt-runner',
  severity: 'error',
  basis: 'Prompt Runner workspace doctor: every requires.capabilities item must be in the running release\'s priv/capabilities',
  summary: 'required capabilities must exist in the Prompt Runner release the workspace admits',
  check(model, report) {
    if (model.kind !== 'workspace') return;
    const { release, capabilities } = capabilitiesOf(model.version);
    for (const cap of model.capabilities) {
      if (capabilities.includes(cap.text)) continue;
      const since = releaseWithCapability(cap.text);
      report({
        at: cap.node,
        message: since
          ? `capability '${cap.text}' first ships in Prompt Runner ${since}, but this workspace is linted as ${model.version} (the oldest release requires.prompt_runner admits, or the project's target), whose list lacks it; workspace doctor fails on such a runner, so require >= ${since}`
          : `'${cap.text}' is not a capability of any Prompt Runner release flowlint knows (${release} and earlier lists, up to ${RELEASE_CAPABILITIES[RELEASE_CAPABILITIES.length - 1]![0]})${didYouMean(cap.text, ALL)}; workspace doctor fails`,
      });
    }
  },
});
