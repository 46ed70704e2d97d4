import { defineRule } from '@orchlint/core';
import { providerReferences, suggestion, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/provider-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0017 rule 1: "provider, when present, MUST equal the key of an entry in requires.providers, with one exception: default is always valid"',
  summary: 'a provider must name a requires.providers key (or default)',
  check(pack, report) {
    const keys = ['default', ...pack.providers.map((p) => p.key.value)];
    for (const { ref, key, where } of providerReferences(pack)) {
      if (keys.includes(key)) continue;
      report({
        at: ref.node,
        message:
          `${where} runs on provider '${key}', which requires.providers does not declare${suggestion(key, keys, 'provider keys')}; ` +
          `declare it under requires.providers, or use 'default' (the primary model)`,
      });
    }
  },
});
