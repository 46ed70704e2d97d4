import { defineRule, type SchemaFinding } from '@orchlint/core';
import { promptkitSchemaChecker, PROMPTKIT_RUNTIME, specSchemaFindings, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/runtime-portability',
  dialect: 'promptpack',
  severity: 'warning',
  basis:
    'Runtime support levels (RFC 0005–0017): a Level 1 tool reports what a pinned runtime rejects separately from spec conformance; PromptKit 1.5 enforces its own embedded schema at load time; RFC 0005: "Validators may warn if engine contains unknown properties for their runtime" (PromptKit reads engine.budget only)',
  summary: 'what the runtime named by the runtime target (promptkit@1.5) rejects in a spec-valid pack',
  check(pack, report, context) {
    const runtime = context.targets.runtime;
    if (!runtime || !PROMPTKIT_RUNTIME.test(runtime)) return;
    // What the spec schema already reports is promptpack/schema's; only the runtime's own demands are news.
    const spec = new Set(specSchemaFindings(pack.tree, pack.specVersion).map(place));
    for (const finding of promptkitSchemaChecker().check(pack.tree)) {
      if (spec.has(place(finding))) continue;
      report({
        at: finding.span,
        message: `PromptKit 1.5's schema (runtime target '${runtime}') rejects this: ${finding.message}; ${consequence(finding)}`,
      });
    }
    // RFC 0005: validators may warn on engine keys their runtime does not know; PromptKit reads only budget.
    for (const e of pack.tree.entries(pack.workflow?.engine?.node)) {
      if (e.key === 'budget') continue;
      report({
        at: e.keyNode,
        message: `PromptKit 1.5 (runtime target '${runtime}') reads only 'budget' from workflow.engine, so '${e.key}' has no effect there; it is a setting for another runtime, or a misspelling`,
      });
    }
  },
});

function place(f: SchemaFinding): string {
  return `${f.span.start}:${f.span.end}:${f.keyword}`;
}

function consequence(f: SchemaFinding): string {
  const field = String(f.path[f.path.length - 1] ?? '');
  if (f.keyword === 'additionalProperties' && field === 'control') {
    return 'PromptKit removed control (RFC 0014) and refuses the pack unless schema validation is skipped, and then every state yields after each transition';
  }
  if (f.keyword === 'required' && f.params.missingProperty === 'on_event') {
    return "PromptKit requires on_event on every non-terminal state: add on_event, or 'terminal: true'";
  }
  if (f.keyword === 'additionalProperties') {
    return `PromptKit 1.5 does not know '${field}' and refuses the pack unless schema validation is skipped (WithSkipSchemaValidation), after which the field is ignored`;
  }
  return 'PromptKit refuses the pack at load time unless schema validation is skipped';
}
