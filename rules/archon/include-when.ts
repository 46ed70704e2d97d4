import { defineRule, type Entry } from '@flowlint/core';
import { parseWhen, type ArchonNode, type WorkflowModel } from '@flowlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/include-when',
  dialect: 'archon',
  severity: 'error',
  basis: "include-expander.ts: \"cannot combine the include's when … because one side uses '||'\"; \"input substitution made included node '<n>' field 'when' unparseable\"",
  summary: "an include's when: and its inputs must compose with the block's own conditions",
  check(model, report) {
    for (const node of model.nodes) {
      const r = node.include?.resolution;
      if (r?.kind !== 'found') continue;
      const block = r.workflow;
      if (node.when) {
        for (const entry of entryNodes(block)) {
          if (!entry.when || (!node.when.condition.usesOr && !entry.when.condition.usesOr)) continue;
          report({
            at: node.when.located.node,
            message:
              `${node.label}: cannot combine the include's when ('${node.when.located.value}') with entry node '${entry.id}' own when ('${entry.when.located.value}') because one side uses '||'. ` +
              "The when: grammar has no parentheses and '&&' binds tighter than '||', so combining would change precedence — put the gate only on the include node, or gate inside the block",
            related: [{ at: entry.when.located.node, source: r.source, message: "the entry node's own when" }],
          });
        }
      }
      const given = new Map<string, Entry>(model.tree.entries(node.fields.get('with')?.value).map((e) => [e.key, e]));
      const defaults = new Map(block.tree.entries(block.fields.get('inputs')?.value).map((e) => [e.key, block.tree.get(e.value, 'default')]));
      for (const inner of block.nodes) {
        if (!inner.when || inner.when.condition.atoms.some((a) => a.problems.length) || !inner.when.located.value.includes('$INPUTS.')) continue;
        const before = inner.when.located.value;
        const after = before.replace(/\$INPUTS\.([a-zA-Z_][a-zA-Z0-9_-]*)/g, (whole, name: string) => {
          const value = given.get(name)?.value ?? defaults.get(name);
          return value ? canonicalText(value.toJSON()) : whole;
        });
        if (after === before || !parseWhen(after).atoms.some((a) => a.problems.length)) continue;
        report({
          at: node.include!.target.node,
          message:
            `${node.label}: input substitution made included node '${inner.id}' field 'when' unparseable: "${before}" became "${after}". ` +
            "Put '$INPUTS.<name>' inside the quoted literal on the right-hand side of a comparison whose left-hand side is a node-output reference",
          related: [{ at: inner.when.located.node, source: r.source, message: 'the included condition' }],
        });
      }
    }
  },
});

/** Nodes of the block that wait for nothing inside it: the include's own gate lands on them. */
function entryNodes(block: WorkflowModel): ArchonNode[] {
  return block.top.nodes.filter((n) => !n.dependsOn.some((d) => typeof d.value === 'string' && block.top.byId.has(d.value)));
}

/** canonicalValueText: strings stay raw, everything else becomes its JSON text. */
function canonicalText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
