import { defineRule, firstFew } from '@orchlint/core';
import type { WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/workflow-file-override',
  dialect: 'archon',
  severity: 'warning',
  clause: 'dropped',
  basis:
    "Archon workflow discovery (workflow-discovery.ts): workflows are keyed by file name; loadWorkflowsFromDir sets a grouping folder's files over the folder's own with no error or log line, and a project file replaces the bundled '<name>.yaml' (a debug log only)",
  summary:
    'two workflow files of the folder and its grouping folders share a file name, or a file takes a bundled workflow’s file name under another name',
  check(model, report) {
    const discovery = model.discovery;
    if (!discovery) return;
    const at = model.fields.get('name')?.key ?? model.root;
    const filename = discovery.rel.slice(discovery.rel.lastIndexOf('/') + 1);
    if (discovery.overrides?.length) {
      report({
        at,
        message:
          `the file name '${filename}' is also used by ${firstFew(discovery.overrides.map((f) => `.archon/workflows/${f}`))}; Archon reads ` +
          `.archon/workflows and its grouping folders into one list keyed by file name, so one of these files replaces the other, ` +
          `whichever the file system lists last, and no error or log line says so; rename one of them`,
      });
    }
    const bundled = discovery.replacesBundled;
    if (bundled !== undefined && model.name !== undefined && model.name !== bundled) {
      report({
        at,
        message:
          `'${filename}' is the file name of Archon's bundled workflow '${bundled}', and project files replace bundled ones by file name, ` +
          `so this file removes '${bundled}' from the project (an include: or workflow: naming it no longer finds it) while declaring ` +
          `'${model.name}'; rename the file, or declare name: ${bundled} to customise the bundled workflow`,
      });
    }
  },
});
