import { defineRule, didYouMean, isMap, type Tree, type TreeNode } from '@orchlint/core';
import {
  RECOVERY_BOOLEANS,
  RECOVERY_CLASSES,
  RECOVERY_NUMBERS,
  termOf,
  packetFiles,
  type PromptRunnerModel,
  type Term,
} from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/recovery-value';

/** Values `truthy?/1` reads as true, and the ones that plainly mean false. */
const TRUE: Term[] = [true, 'true', 'TRUE', '1', 1];
const FALSE: Term[] = [false, 'false', 'FALSE', '0', 0];
const SECTIONS: Record<string, readonly string[]> = {
  '': ['resume_attempts', 'max_steers', 'retry', 'repair'],
  retry: ['max_attempts', 'base_delay_ms', 'max_delay_ms', 'jitter', 'class_attempts'],
  repair: RECOVERY_BOOLEANS.filter((p) => p[0] === 'repair')
    .map((p) => p[1]!)
    .concat('max_attempts'),
};

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/recovery-value',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'Prompt Runner RecoveryConfig.normalize/1: numbers other than non-negative integers silently become the default, booleans other than true/"true"/"TRUE"/"1"/1 become false, unknown keys are kept and ignored',
  summary: 'recovery values the runner silently replaces',
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const file of packetFiles(model)) {
      const tree = file.tree;
      const e = tree && file.attributes ? tree.entry(file.attributes, 'recovery') : undefined;
      if (!tree || !e?.value || termOf(tree, e.value) === null) continue;
      const say = (at: TreeNode, message: string) => report({ at, source: file.source, message });
      if (!isMap(tree.resolve(e.value))) {
        say(e.value, 'recovery must be a mapping; Prompt Runner silently uses the default recovery policy instead');
        continue;
      }
      for (const [section, known] of Object.entries(SECTIONS)) {
        const node = section ? tree.get(e.value, section) : e.value;
        if (!isMap(tree.resolve(node))) continue;
        for (const k of tree.entries(node)) {
          if (known.includes(k.key)) continue;
          say(
            k.keyNode,
            `recovery${section ? `.${section}` : ''}.${k.key} is not a setting Prompt Runner reads, so it is ignored${didYouMean(k.key, known)}`,
          );
        }
      }
      for (const path of RECOVERY_NUMBERS) checkNumber(tree, at(tree, e.value, path), path.join('.'), say);
      for (const path of RECOVERY_BOOLEANS) {
        const node = at(tree, e.value, path);
        const term = node ? termOf(tree, node) : null;
        if (!node || term === null || TRUE.includes(term) || FALSE.includes(term)) continue;
        say(
          node,
          `recovery.${path.join('.')} reads as false: only true, "true", "TRUE", "1" and 1 mean true to Prompt Runner; write true or false`,
        );
      }
      const classes = at(tree, e.value, ['retry', 'class_attempts']);
      for (const c of tree.entries(isMap(tree.resolve(classes)) ? classes : undefined)) {
        if (!RECOVERY_CLASSES.includes(c.key)) {
          say(
            c.keyNode,
            `'${c.key}' is not a failure class, so its attempts never apply${didYouMean(c.key, RECOVERY_CLASSES)}; the classes are ${RECOVERY_CLASSES.join(', ')}`,
          );
        }
        checkNumber(tree, c.value, `retry.class_attempts.${c.key}`, say);
      }
    }
  },
});

function at(tree: Tree, node: TreeNode, path: readonly string[]): TreeNode | undefined {
  let n: TreeNode | undefined = node;
  for (const key of path) n = isMap(tree.resolve(n)) ? tree.get(n, key) : undefined;
  return n;
}

/** `non_neg_integer/2`: an integer ≥ 0, or a string Integer.parse reads whole as one. */
function checkNumber(
  tree: Tree,
  node: TreeNode | undefined,
  name: string,
  say: (at: TreeNode, message: string) => void,
): void {
  const term = node ? termOf(tree, node) : null;
  if (!node || term === null) return;
  if (typeof term === 'number' && Number.isInteger(term) && term >= 0) return;
  if (typeof term === 'string' && /^[+-]?\d+$/.test(term) && Number(term) >= 0) return;
  say(node, `recovery.${name} must be a non-negative integer; Prompt Runner silently uses its default instead`);
}
