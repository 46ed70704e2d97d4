import { defineRule, isScalar, scalarValue, type Entry } from '@flowlint/core';
import { nodeReferences, type WorkflowModel } from '@flowlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/include-inputs',
  dialect: 'archon',
  severity: 'error',
  basis: "workflow-inputs.ts / include-expander.ts: \"included block '<w>' does not declare input(s)\", \"requires input(s) 'k'. Pass it through 'with:'\", \"references missing input(s) $INPUTS.x\", \"references '$x.output' outside its workflow namespace\"",
  summary: "an include's with: must match the included workflow's inputs",
  check(model, report) {
    for (const node of model.nodes) {
      const r = node.include?.resolution;
      if (r?.kind !== 'found' || !node.include) continue;
      const block = r.workflow;
      const given = new Map<string, Entry>(model.tree.entries(node.fields.get('with')?.value).map((e) => [e.key, e]));
      const inputsField = block.fields.get('inputs');
      const declared = new Map(block.tree.entries(inputsField?.value).map((e) => [e.key, e]));
      const target = `included block '${String(node.include.target.value)}'`;
      if (inputsField) {
        const names = [...declared.keys()];
        for (const [key, entry] of given) {
          if (declared.has(key)) continue;
          report({
            at: entry.keyNode,
            message: `${node.label}: ${target} does not declare input '${key}'. Declared inputs: ${names.length ? names.join(', ') : 'none'}; remove it or declare it under the block's inputs:`,
          });
        }
        for (const [key, entry] of declared) {
          if (given.has(key) || scalarValue(block.tree.get(entry.value, 'required')) !== true) continue;
          report({ at: node.include.target.node, message: `${node.label}: ${target} requires input '${key}'. Pass it through 'with:'`, related: [{ at: entry.keyNode, source: r.source, message: 'declared here' }] });
        }
      }
      const reported = new Set<string>();
      for (const inner of block.nodes) {
        for (const ref of nodeReferences(inner)) {
          if (block.analysis.resolve(inner, ref.id)) continue;
          report({
            at: node.include.target.node,
            message: `${node.label}: ${target} node '${inner.id ?? inner.index + 1}' references '${ref.text}' outside its workflow namespace. Declare it under the block's inputs:, read it as $INPUTS.<name>, and pass it through this node's with:`,
            related: [{ at: ref.span, source: r.source, message: 'the reference' }],
          });
        }
        for (const ref of inner.inputRefs) {
          if (given.has(ref.name) || reported.has(ref.name)) continue;
          const decl = declared.get(ref.name);
          if (decl && block.tree.entry(decl.value, 'default')) continue;
          reported.add(ref.name);
          report({
            at: node.include.target.node,
            message: `${node.label}: ${target} references missing input $INPUTS.${ref.name}. Pass it through 'with:'${isScalar(node.fields.get('with')?.value) ? '' : ` (e.g. with: { ${ref.name}: … })`}`,
            related: [{ at: ref.span, source: r.source, message: `$INPUTS.${ref.name} is read here` }],
          });
        }
      }
    }
  },
});
