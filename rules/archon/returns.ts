import { defineRule, type At } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/returns',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'loader.ts validateWorkflowOutcomeDeclaration: "Workflow declares returns: \'<id>\' but no top-level node has that id" and the outcome_field checks',
  summary: 'returns names a top-level node; outcome_field a required boolean of its output_format',
  check(model, report) {
    const returns = model.fields.get('returns');
    const outcome = model.fields.get('outcome_field');
    const fail = (at: At, message: string) =>
      report({ at, message: `${message}; Archon refuses to load the workflow` });
    const id = typeof returns?.value === 'string' ? returns.value : undefined;
    const node = id !== undefined ? model.top.byId.get(id) : undefined;
    if (returns?.node && id?.trim() && !node) {
      fail(
        returns.node,
        `the workflow declares returns: '${id}' but no top-level node has that id (body nodes of a loop_group do not count)`,
      );
    }
    const field = typeof outcome?.value === 'string' ? outcome.value : undefined;
    if (!outcome?.node || !field?.trim()) return;
    const at = outcome.node;
    if (!returns)
      return fail(
        at,
        `outcome_field '${field}' without returns: — an authored outcome must select a result node explicitly`,
      );
    if (!node) return;
    const prefix = `outcome_field '${field}'`;
    if (node.kind === 'loop_group') return fail(at, `${prefix} cannot select loop_group node '${id}'`);
    if (node.kind === 'workflow' && node.fields.has('fan_out'))
      return fail(at, `${prefix} cannot select fan-out workflow node '${id}'`);
    const format = node.outputFormat;
    if (!format) return fail(at, `${prefix} selects node '${id}', but that node declares no output_format`);
    if (format.type !== 'object')
      return fail(at, `${prefix} requires node '${id}' output_format to declare type: object`);
    const prop = format.properties.get(field);
    if (!prop)
      return fail(
        at,
        `${prefix} is not declared in node '${id}' output_format properties (declared: ${[...format.properties.keys()].join(', ') || 'none'})`,
      );
    if (!format.required.has(field)) return fail(at, `${prefix} must be listed in node '${id}' output_format.required`);
    if (prop.type !== 'boolean') return fail(at, `${prefix} on node '${id}' must explicitly declare type: boolean`);
  },
});
