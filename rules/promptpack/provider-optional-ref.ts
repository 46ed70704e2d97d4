import { defineRule } from '@orchlint/core';
import { providerReferences, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/provider-optional-ref',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis: 'RFC 0017 rule 4: "Validators SHOULD warn when an optional requirement is referenced from a prompt or step"',
  summary: 'a prompt or step runs on a provider the host may not bind',
  check(pack, report) {
    const optional = new Set(pack.providers.filter((p) => p.optional).map((p) => p.key.value));
    for (const { ref, key, where } of providerReferences(pack)) {
      if (!optional.has(key)) continue;
      report({
        at: ref.node,
        message:
          `${where} runs on provider '${key}', which is declared 'required: false', so a host may leave it unbound and ` +
          `the call has nowhere to run; make the requirement required, or run this on a required provider`,
      });
    }
  },
});
