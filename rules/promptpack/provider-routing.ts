import { defineRule } from '@orchlint/core';
import { PROMPTKIT_RUNTIME, providerReferences, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/provider-routing',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis:
    'RFC 0017 support levels: a Level 0 runtime "run[s] every call on the primary model … SHOULD warn when a pack references more than one key"; Level 1 "SHOULD warn that every call will still run on the primary model"; only Level 2 routes LLM calls',
  summary: 'a pack that routes calls to several provider keys needs a Level 2 runtime to do so',
  check(pack, report, context) {
    // A pinned PromptKit 1.5 rejects provider outright: promptpack/runtime-portability says so.
    if (PROMPTKIT_RUNTIME.test(context.targets.runtime ?? '')) return;
    const refs = providerReferences(pack);
    const keys = new Set(refs.map((r) => r.key));
    if ([...pack.prompts.values()].some((p) => typeof p.provider?.value !== 'string')) keys.add('default');
    const first = refs.find((r) => r.key !== 'default');
    if (keys.size < 2 || !first) return;
    report({
      at: first.ref.node,
      message:
        `this pack runs calls on ${keys.size} provider keys (${[...keys].map((k) => `'${k}'`).join(', ')}): only a runtime that routes LLM calls (RFC 0017 Level 2) honours that, ` +
        'and on a Level 0 or 1 runtime every call still runs on the primary model, so what each key was chosen for does not happen there',
    });
  },
});
