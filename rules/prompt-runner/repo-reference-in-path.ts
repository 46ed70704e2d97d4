import { defineRule, isScalar, type TreeNode } from '@orchlint/core';
import { PATH_CLAUSES, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/repo-reference-in-path';

const REFERENCE = /^@repo:([^/]*)\/?(.*)$/;

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/repo-reference-in-path',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner Verifier.resolve_argv_entry/2 expands @repo: only in commands[].exec and args; path fields (Verifier.resolve_entry/3, cwd, regenerates) take the text as a file name',
  summary: '@repo: works only in exec and args; path fields use repo:',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      const tree = c.file.tree;
      if (!tree) continue;
      const flag = (
        node: TreeNode | undefined,
        field: string,
        effect: string,
        fix: (repo: string, path: string) => string,
      ) => {
        if (!isScalar(node) || typeof node.value !== 'string') return;
        const m = REFERENCE.exec(node.value);
        if (!m) return;
        report({
          at: node,
          source: c.file.source,
          message: `${LOADS_BUT}@repo: is expanded only in exec and args; in ${field} the runner reads '${node.value}' as a plain relative path, so ${effect}; ${fix(m[1]!, m[2] || '.')}`,
        });
      };
      for (const clause of c.clauses) {
        if (!PATH_CLAUSES.has(clause.key.value)) continue;
        for (const entry of clause.entries) {
          const scoped = (repo: string, path: string) => `write { repo: ${repo}, path: ${path} }`;
          const effect = 'the check looks at a file of that name, which is not the file meant';
          if (typeof entry.term === 'string') flag(entry.node, `a ${clause.key.value} entry`, effect, scoped);
          else flag(tree.get(entry.node, 'path'), `${clause.key.value} path:`, effect, scoped);
        }
      }
      for (const command of c.commands) {
        const node = command.entry.node;
        flag(
          tree.get(node, 'cwd'),
          'cwd:',
          'the command runs in a folder that does not exist',
          (repo, path) => `write repo: ${repo} and cwd: ${path}`,
        );
        for (const item of tree.items(tree.get(node, 'regenerates')))
          flag(
            item,
            'regenerates',
            'the command is held to regenerate a file of that name',
            (repo, path) => `set repo: ${repo} on the command and list ${path}`,
          );
      }
    }
  },
});
