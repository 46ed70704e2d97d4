import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@orchlint/core';
import { lintMemory } from '../../../test/support/lint.js';

const at = (archon: string) => ({ ...defaultSettings, targets: { archon } });
const rulesOf = (yaml: string, target: string) =>
  lintMemory({ 'w.yaml': yaml }, 'archon', at(target)).map((d) => `${d.severity} ${d.rule}`);

describe('targets.archon selects the engine version', () => {
  const thinking = 'name: t\ndescription: t\nnodes:\n  - id: a\n    prompt: Go.\n    thinking: adaptive\n';
  it("'thinking' is a field in 0.9 and removed (an error) in 0.10", () => {
    expect(rulesOf(thinking, '0.9')).toEqual([]);
    expect(rulesOf(thinking, '0.10')).toEqual(['error archon/schema']);
  });

  const wait =
    'name: t\ndescription: t\nnodes:\n  - id: pause\n    wait: { duration_ms: 1000 }\n  - id: a\n    depends_on: [pause]\n    bash: echo done\n';
  it('wait: nodes exist from 0.10', () => {
    expect(rulesOf(wait, '0.9')).toEqual(
      expect.arrayContaining(['error archon/node-kind', 'warning archon/unknown-key']),
    );
    expect(rulesOf(wait, '0.10')).toEqual([]);
  });

  const composedFanOut =
    "name: t\ndescription: t\nnodes:\n  - id: list\n    bash: echo '[1]'\n  - id: each\n    depends_on: [list]\n    include: block\n    fan_out: { items: $list.output }\n";
  it('include + fan_out is an error in 0.9 and needs fan_out.as in 0.10', () => {
    const files = {
      'w.yaml': composedFanOut,
      'block.yaml': 'name: block\ndescription: b\nnodes:\n  - id: x\n    bash: echo x\n',
    };
    const messages = (target: string) =>
      lintMemory(files, 'archon', at(target))
        .filter((d) => d.rule === 'archon/workflow-only-field')
        .map((d) => d.message);
    expect(messages('0.9')).toEqual([expect.stringContaining("'fan_out' is not supported on an include node")]);
    expect(messages('0.10')).toEqual([expect.stringContaining("requires 'fan_out.as'")]);
  });
});
