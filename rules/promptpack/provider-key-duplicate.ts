import { defineRule } from '@orchlint/core';
import type { PackModel, ProviderRequirement } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/provider-key-duplicate',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis: 'RFC 0012: "key values within requires.providers MUST be unique (key is the sole discriminator)"',
  summary: 'requires.providers keys must be unique',
  check(pack, report) {
    const first = new Map<string, ProviderRequirement>();
    for (const provider of pack.providers) {
      const earlier = first.get(provider.key.value);
      if (!earlier) {
        first.set(provider.key.value, provider);
        continue;
      }
      report({
        at: provider.key.node,
        message:
          `provider key '${provider.key.value}' is declared twice in requires.providers; the key is how prompts and steps name ` +
          `a provider, so a host cannot tell the two apart: rename one or merge them`,
        related: [{ at: earlier.key.node, message: `'${provider.key.value}' is first declared here` }],
      });
    }
  },
});
