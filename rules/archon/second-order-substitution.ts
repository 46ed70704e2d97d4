import { defineRule } from '@orchlint/core';
import { secondOrderFlows, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/second-order-substitution',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'medium',
  basis:
    'derived: ../shared/spec/archon-shell.md, "Second-order substitution in loop_group" — the $LOOP_PREV/$LOOP_USER_INPUT pass runs first and the $node.output pass then rescans the spliced values (DE:4357, 4844); confirmed by test/security/archon-payloads.ts (second-order)',
  summary: 'a loop_group splices untrusted text that the next substitution pass scans again',
  check(model, report) {
    for (const f of secondOrderFlows(model)) {
      report({
        at: f.span,
        confidence: f.confidence,
        message:
          `untrusted text is substituted twice: ${f.source.label} → '${f.text}' in '${f.surface}' of ${f.node.label} is spliced quoted, then Archon's $node.output pass scans the result again; a value holding '$other.output' gets that output spliced inside its own quotes, which cancels them. ` +
          `Payload: '$id.output' of a node whose output holds $(…). Safe form: ${f.text.startsWith('$LOOP_USER_INPUT') ? 'read it from the environment as "${LOOP_USER_INPUT}" (braces are not spliced)' : 'have the producer write its output to a file under $ARTIFACTS_DIR and read that file here'}`,
      });
    }
  },
});
