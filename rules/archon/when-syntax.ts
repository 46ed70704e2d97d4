import { defineRule } from '@orchlint/core';
import { whenFindings, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/when-syntax',
  dialect: 'archon',
  severity: 'error',
  clause: 'never-works',
  basis:
    'when-atom.ts WHEN_ATOM_PATTERN; condition-evaluator.ts: "malformed syntax fails closed" — the loader leaves an unparseable atom alone and the node is skipped at run time without a word',
  summary: "every when: atom must be '<reference> <op> <literal>'",
  check(model, report) {
    for (const f of whenFindings(model, 'syntax')) {
      // A templated condition is archon/templating's finding; one construct, one report.
      if (/\{\{|\{%/.test(f.atom.text)) continue;
      // The user's own atom, repaired, when the mistake is one of spelling; a condition of one atom in its YAML quotes too.
      const repaired = f.atom.repaired;
      const advice =
        repaired === undefined
          ? "Write e.g. $classify.output.kind == 'bug'"
          : f.node.when!.condition.atoms.length > 1
            ? `Write this atom as ${repaired}`
            : repaired.includes('"')
              ? `Write it as ${repaired}`
              : `Write it as when: "${repaired}"`;
      report({
        at: f.span,
        message:
          `Archon loads this file, but ${f.node.label} is skipped on every run, silently: its condition atom "${f.atom.text}" does not parse (${f.problem.message}). ` +
          `${advice} (ops == != < > <= >=, atoms joined by && and ||)`,
      });
    }
  },
});
