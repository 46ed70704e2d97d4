import { defineRule } from '@orchlint/core';
import { suggestion, type GovernanceModel, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/governance-ref',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'admissibility',
  basis:
    'RFC 0016: an obligation control\'s validator "Names the id of a Validator declared on one of this pack\'s prompts", its eval and a review\'s eval "the id of an eval in the pack\'s evals or in a prompt\'s evals", and satisfies the "Ids of obligations in the effective governance object"',
  summary: 'governance obligations and reviews must name validators, evals and obligations that exist',
  check(pack, report) {
    const validatorIds = new Set<string>();
    for (const prompt of pack.prompts.values())
      for (const id of prompt.validatorIds) if (typeof id.value === 'string') validatorIds.add(id.value);
    const evalIds = new Set([...pack.evalIds, ...pack.promptEvalIds]);
    const packGovernance = pack.governance.find((g) => g.agent === undefined);
    // An agent's governance replaces the pack's field by field: what it does not declare it inherits.
    const obligationsOf = (g: GovernanceModel | undefined) =>
      new Set((g?.obligationIds ?? packGovernance?.obligationIds ?? []).map((l) => String(l.value)));

    for (const g of pack.governance) {
      for (const { kind, ref } of g.controls) {
        if (typeof ref.value !== 'string') continue;
        const known = kind === 'validator' ? validatorIds : evalIds;
        if (known.has(ref.value)) continue;
        report({
          at: ref.node,
          message:
            kind === 'validator'
              ? `an obligation control of ${g.owner} names validator '${ref.value}', but no prompt declares a validator with that id` +
                `${suggestion(ref.value, validatorIds, 'validator ids')}; give the validator an 'id', or fix the name`
              : `an obligation control of ${g.owner} names eval '${ref.value}', which neither evals nor a prompt's evals declares` +
                `${suggestion(ref.value, evalIds, 'eval ids')}; add the eval, or fix the name`,
        });
      }
      if (!g.reviews) continue;
      // The pack's reviews also apply to every agent that declares its own obligations but not its own reviews.
      const contexts =
        g.agent !== undefined
          ? [g]
          : [g, ...pack.governance.filter((a) => a.agent !== undefined && a.obligationIds && !a.reviews)];
      for (const review of g.reviews) {
        const e = review.eval;
        if (typeof e?.value === 'string' && !evalIds.has(e.value)) {
          report({
            at: e.node,
            message:
              `${review.label} of ${g.owner} names eval '${e.value}', which neither evals nor a prompt's evals declares` +
              `${suggestion(e.value, evalIds, 'eval ids')}; add the eval, or fix the name`,
          });
        }
        for (const ref of review.satisfies) {
          if (typeof ref.value !== 'string') continue;
          const failing = contexts.find((c) => !obligationsOf(c).has(ref.value as string));
          if (!failing) continue;
          const obligations = obligationsOf(failing);
          const where =
            failing === g
              ? g.owner
              : `${failing.owner} (which inherits these reviews but declares its own obligations)`;
          report({
            at: ref.node,
            message:
              `${review.label} of ${g.owner} satisfies obligation '${ref.value}', which is not an obligation id in ${where}` +
              `${suggestion(ref.value, obligations, 'obligation ids')}; name an obligation that exists, or add it`,
          });
        }
      }
    }
  },
});
