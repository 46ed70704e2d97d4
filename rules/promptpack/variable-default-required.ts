import { defineRule } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/variable-default-required',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Variable.default: "Cannot be set if required is true" (the v1.8.1 schema guide: "Should not be set"); required variables without values "will cause an error"',
  summary: 'a variable with required: true and a default',
  check(pack, report) {
    for (const prompt of pack.prompts.values()) {
      for (const variable of prompt.variables) {
        if (variable.required?.value !== true || !variable.default) continue;
        const name = typeof variable.name?.value === 'string' ? `variable '${variable.name.value}'` : 'a variable';
        report({
          at: variable.default.key ?? variable.default.node,
          message:
            `${name} of prompt '${prompt.key.value}' is 'required: true' and also has a 'default', which the spec says cannot be set ` +
            `on a required variable: the default would never apply, because a missing value is an error; ` +
            `remove 'default', or set 'required: false'`,
          related: variable.required ? [{ at: variable.required.node, message: 'the variable is required here' }] : [],
        });
      }
    }
  },
});
