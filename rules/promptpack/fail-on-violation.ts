import { defineRule, entryRemovalSpan } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/fail-on-violation',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'RFC 0015 rule 3: "Validation tooling SHOULD warn when the field is present, and the warning SHOULD name evals as the replacement for the false case" (rule 1: never an error before v2.0.0)',
  summary: 'fail_on_violation is deprecated and ignored: validators always enforce',
  fixable: true,
  check(pack, report) {
    for (const prompt of pack.prompts.values()) {
      for (const field of prompt.failOnViolation) {
        const span = entryRemovalSpan(pack.tree, field);
        const remove = span && { title: 'Remove fail_on_violation', edits: [{ at: span, newText: '' }] };
        if (field.value === false) {
          report({
            at: field.key ?? field.node,
            message:
              `'fail_on_violation: false' on a validator of prompt '${prompt.key.value}' is deprecated and ignored (RFC 0015): the ` +
              `validator now always enforces, blocking or rewriting the reply. To only measure without blocking, move the ` +
              `check to evals; to switch it off, use 'enabled: false'. The field is removed in v2.0.0`,
          });
        } else {
          report({
            at: field.key ?? field.node,
            message:
              `fail_on_violation on a validator of prompt '${prompt.key.value}' is deprecated and ignored (RFC 0015): validators ` +
              `always enforce, so remove it; the field is removed in v2.0.0`,
            fix: field.value === true ? remove : undefined,
          });
        }
      }
    }
  },
});
