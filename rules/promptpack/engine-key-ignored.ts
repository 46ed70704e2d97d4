import { defineRule } from '@orchlint/core';
import { PROMPTKIT_RUNTIME, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/engine-key-ignored',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'RFC 0005: "Validators may warn if engine contains unknown properties for their runtime"; PromptKit 1.5 reads only engine.budget',
  summary: 'a workflow.engine key the pinned runtime (promptkit@1.5) does not read',
  check(pack, report, context) {
    const runtime = context.targets.runtime;
    if (!runtime || !PROMPTKIT_RUNTIME.test(runtime)) return;
    for (const e of pack.tree.entries(pack.workflow?.engine?.node)) {
      if (e.key === 'budget') continue;
      report({
        at: e.keyNode,
        message: `PromptKit 1.5 (runtime target '${runtime}') reads only 'budget' from workflow.engine, so '${e.key}' has no effect there; it is a setting for another runtime, or a misspelling`,
      });
    }
  },
});
