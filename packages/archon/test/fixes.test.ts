import { describe, expect, it } from 'vitest';
import { lintMemory } from '../../../test/support/lint.js';

function applyFix(text: string, rule: string): string {
  const d = lintMemory({ 'w.yaml': text }, 'archon').find((x) => x.rule === rule);
  expect(d?.fix).toBeDefined();
  let out = text;
  for (const e of [...d!.fix!.edits].sort((a, b) => b.span.start - a.span.start))
    out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
  return out;
}

describe('archon/model-reasoning-effort fix', () => {
  it('renames only the key, keeping value, comment and layout', () => {
    const text =
      'name: w\ndescription: w\nmodelReasoningEffort:   high   # tuned for review\nnodes:\n  - id: a\n    prompt: Go.\n';
    expect(applyFix(text, 'archon/model-reasoning-effort')).toBe(text.replace('modelReasoningEffort:', 'effort:'));
  });

  it('removes the key when effort is already set', () => {
    const text =
      'name: w\ndescription: w\neffort: low\nmodelReasoningEffort: high\nnodes:\n  - id: a\n    prompt: Go.\n';
    expect(applyFix(text, 'archon/model-reasoning-effort')).toBe(text.replace('modelReasoningEffort: high\n', ''));
  });
});
