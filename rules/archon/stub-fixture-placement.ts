import { defineRule } from '@orchlint/core';
import { isStubFixture, type ArchonUnit } from '@orchlint/archon';

export default defineRule<ArchonUnit>({
  id: 'archon/stub-fixture-placement',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    "Archon 0.9 workflow discovery: .archon/workflows/<folder>/ is a grouping folder whose .yaml files load as workflows (loadWorkflowsFromDir), and <group>/<folder>/ a package folder that must hold exactly one (loadPackagedWorkflowsFromDir), whatever the folder's name; a package's own fixtures/ is never read",
  summary: 'a stub file in .archon/workflows/fixtures/ or <group>/fixtures/, which discovery reads as workflows',
  check(model, report) {
    if (!isStubFixture(model) || !model.readAs) return;
    const { folder, as, files } = model.readAs;
    const where = `.archon/workflows/${folder}/`;
    const what =
      as === 'group'
        ? `reads ${where} as a grouping folder and loads every .yaml or .yml file in it as a workflow, so it rejects this stub file as one (it has no name, description or nodes)`
        : files.length === 1
          ? `reads ${where} as a package folder and loads this file as its workflow, so it rejects it (a stub file has no name, description or nodes)`
          : `reads ${where} as a package folder and rejects the folder, since it holds ${files.length} .yaml or .yml files ("must contain exactly one .yaml or .yml file (found ${files.length})")`;
    report({
      at: model.root,
      message: `Archon's discovery ${what}; keep stub files in a package's own fixtures/ folder (<group>/<workflow>/fixtures/), which discovery never reads`,
    });
  },
});
