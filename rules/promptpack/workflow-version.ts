import { defineRule } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/workflow-version',
  dialect: 'promptpack',
  severity: 'error',
  clause: 'rejected',
  basis:
    'RFC 0009: "Runtimes should treat unknown workflow versions as \'unsupported\' and fail gracefully"; the known versions are 1 and 2',
  summary: 'workflow.version other than 1 or 2 is unsupported by every known runtime',
  check(pack, report) {
    const version = pack.workflow?.version;
    // Non-integers and values below 1 are schema errors.
    if (
      !Number.isInteger(version?.value) ||
      (version!.value as number) < 1 ||
      [1, 2].includes(version!.value as number)
    )
      return;
    report({
      at: version!.node,
      message:
        `workflow.version ${String(version!.value)} is not a version any known runtime supports (1, or 2 for the RFC 0009 ` +
        `loop features); runtimes treat unknown versions as unsupported and refuse the workflow: use 1 or 2`,
    });
  },
});
