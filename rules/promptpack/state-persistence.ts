import { defineRule, didYouMean } from '@orchlint/core';
import { PROMPTKIT_RUNTIME, type PackModel } from '@orchlint/promptpack';

const VALUES = ['transient', 'persistent'];

export default defineRule<PackModel>({
  id: 'promptpack/state-persistence',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis:
    "WorkflowState.persistence is an open string (spec PR #29 relaxed RFC 0005's enum [transient, persistent]); PromptKit still enforces that enum",
  summary: 'a persistence value other than transient or persistent',
  check(pack, report, context) {
    // With PromptKit pinned, promptpack/runtime-portability reports its enum instead.
    if (PROMPTKIT_RUNTIME.test(context.targets.runtime ?? '')) return;
    for (const state of pack.workflow?.states.values() ?? []) {
      const value = state.persistence?.value;
      if (typeof value !== 'string' || VALUES.includes(value)) continue;
      report({
        at: state.persistence!.node,
        message: `state '${state.name}' has persistence '${value}'${didYouMean(value, VALUES)}: the spec leaves the set open, but transient and persistent are the values it describes, and a runtime that knows only those (PromptKit rejects any other) cannot honour this one`,
      });
    }
  },
});
