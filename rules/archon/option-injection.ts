import { defineRule } from '@orchlint/core';
import { OPTION_PROGRAMS, shellFlows, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/option-injection',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'medium',
  basis:
    'derived: ../shared/spec/archon-shell.md — quoting keeps a value one word but cannot keep it from starting with "-"; confirmed by test/security/archon-payloads.ts (option-position)',
  summary: 'untrusted text is an argument of a program that reads a leading "-" as an option',
  check(model, report) {
    for (const f of shellFlows(model)) {
      if (f.sink !== 'option') continue;
      const program = f.how!;
      report({
        at: f.span,
        confidence: f.confidence,
        ...(f.included
          ? { related: [{ at: f.included.related.span, source: f.included.related.source, message: 'spliced here' }] }
          : {}),
        message:
          `untrusted text can be an option: ${f.source.label} → '${f.text}' is ${f.viaXargs ? `split by xargs into arguments of ${program}` : `an argument of ${program}`} in '${f.surface}' of ${f.node.label}${f.included ? ` ${f.included.where}` : ''}, and ${f.viaXargs ? 'any word of it' : 'a value'} starting with '-' is read as one of its options (${OPTION_PROGRAMS.get(program)}). ` +
          `Safe form: put -- before it (${f.viaXargs ? `xargs ${program} … --` : `${program} … -- ${f.splice ? '"$v"' : `"${f.text}"`}`}), or bound the field with an output_format enum or pattern that cannot start with '-'`,
      });
    }
  },
});
