import path from 'node:path';
import { defineRule, scalarValue, Source, stringValue, Tree, type Dialect, type TreeNode } from '@orchlint/core';

/**
 * A small multi-file dialect for the language-server tests: `*.main.yaml` units list `include:`
 * files (`*.part.yaml` members) that they read through the host, as Archon includes and Prompt
 * Runner packets do.
 */
export interface IncludeModel {
  tree: Tree;
  parts: Array<{ ref: TreeNode; source?: Source; tree?: Tree }>;
}

export const includeDialect: Dialect<IncludeModel> = {
  id: 'inc',
  detect: (p) => (p.endsWith('.main.yaml') ? 'unit' : p.endsWith('.part.yaml') ? 'member' : false),
  // The `targets` key it reads (rule show-target), any version: the server takes only declared keys.
  targets: [{ target: 'inc', versions: ['1.2', '2.0'], models: () => true, pattern: '.*' }],
  load(source, host) {
    const tree = new Tree(source);
    const sources = [source];
    const parts: IncludeModel['parts'] = [];
    for (const ref of tree.items(tree.get(tree.root, 'include'))) {
      const file = path.posix.join(path.posix.dirname(source.path), stringValue(ref) ?? '');
      const text = host.readFile(file);
      if (text === undefined) {
        parts.push({ ref });
        continue;
      }
      const part = new Source(file, text);
      sources.push(part);
      parts.push({ ref, source: part, tree: new Tree(part) });
    }
    return { model: { tree, parts }, diagnostics: [...tree.diagnostics], sources };
  },
};

export const badPart = defineRule<IncludeModel>({
  id: 'inc/bad-part',
  dialect: 'inc',
  severity: 'error',
  clause: 'never-works',
  basis: 'derived: test rule',
  summary: 'an included part must not say bad: true',
  check(model, report) {
    for (const part of model.parts) {
      const bad = part.tree?.entry(part.tree.root, 'bad');
      if (!part.source || !bad || scalarValue(bad.value) !== true) continue;
      report({
        at: bad.keyNode,
        source: part.source,
        message: 'this part is bad',
        related: [{ at: part.ref, source: model.tree.source, message: 'included here' }],
      });
    }
  },
});

export const missingPart = defineRule<IncludeModel>({
  id: 'inc/missing-part',
  dialect: 'inc',
  severity: 'error',
  clause: 'never-works',
  basis: 'derived: test rule',
  summary: 'every included part must exist',
  check(model, report) {
    for (const part of model.parts)
      if (!part.source) report({ at: part.ref, message: 'no such part (or outside the workspace)' });
  },
});

export const showTarget = defineRule<IncludeModel>({
  id: 'inc/show-target',
  dialect: 'inc',
  severity: 'info',
  clause: 'note',
  basis: 'derived: test rule',
  summary: 'reports the version target the unit is linted against',
  check(model, report, context) {
    const entry = model.tree.entry(model.tree.root, 'show_target');
    if (entry) report({ at: entry.keyNode, message: `target ${context.targets.inc ?? 'none'}` });
  },
});

export const includeRules = [badPart, missingPart, showTarget];
