import { defineRule, didYouMean } from '@orchlint/core';
import {
  capabilitiesOf,
  RELEASE_CAPABILITIES,
  releaseWithCapability,
  type PromptRunnerModel,
} from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/workspace-capability';

const ALL = [...new Set(RELEASE_CAPABILITIES.flatMap(([, list]) => list))];
const NEWEST = RELEASE_CAPABILITIES[RELEASE_CAPABILITIES.length - 1]![0];

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/workspace-capability',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'rejected',
  basis:
    "Prompt Runner workspace doctor: every requires.capabilities item must be in the running release's priv/capabilities",
  summary: 'required capabilities must exist, and exist in the Prompt Runner release the project targets',
  check(model, report) {
    if (model.kind !== 'workspace') return;
    const { capabilities } = capabilitiesOf(model.version);
    for (const cap of model.capabilities) {
      if (capabilities.includes(cap.value)) continue;
      const since = releaseWithCapability(cap.value);
      // A capability newer than the oldest admitted release is how a workspace refuses older runners:
      // only the project's own target release makes it a mistake.
      if (since && model.versionFrom !== 'target') continue;
      report({
        at: cap.node,
        message: since
          ? `capability '${cap.value}' first ships in Prompt Runner ${since}, but the project targets ${model.version}, whose list lacks it, so workspace doctor fails there; target ${since} or drop the capability`
          : `'${cap.value}' is not a capability of any Prompt Runner release up to ${NEWEST}, so workspace doctor never passes${didYouMean(cap.value, ALL)}; use a name from the release's priv/capabilities`,
      });
    }
  },
});
