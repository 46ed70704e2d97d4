import { defineRule } from '@orchlint/core';
import type { Located, PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/validator-id-unique',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'Validator.id (RFC 0016): "Unique across the pack where declared"',
  summary: 'validator ids must be unique across the pack',
  check(pack, report) {
    const first = new Map<string, { prompt: string; id: Located }>();
    for (const prompt of pack.prompts.values()) {
      for (const id of prompt.validatorIds) {
        if (typeof id.value !== 'string') continue;
        const earlier = first.get(id.value);
        if (!earlier) {
          first.set(id.value, { prompt: prompt.key.value, id });
          continue;
        }
        report({
          at: id.node,
          message:
            `validator id '${id.value}' of prompt '${prompt.key.value}' is already used by a validator of prompt '${earlier.prompt}'; ` +
            `governance obligations name validators by id, so it must be unique across the pack: rename one`,
          related: [{ at: earlier.id.node, message: `'${id.value}' is first declared here` }],
        });
      }
    }
  },
});
