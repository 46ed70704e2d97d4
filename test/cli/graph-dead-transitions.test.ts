import { describe, expect, it } from 'vitest';
import { orchlint } from '../support/orchlint-bin.js';

describe('orchlint graph on a PromptPack workflow', () => {
  it('draws transitions that can never fire dotted and says so, and keeps them out of the agent cycle', () => {
    const dot = orchlint([
      'graph',
      '--format',
      'dot',
      'fixtures/promptpack/agent-cycle-without-exit/invalid-exit-only-through-dead-on-max-visits.yaml',
    ]);
    expect(dot.code).toBe(0);
    expect(dot.stdout).toContain('"a" -> "c" [xlabel="max visits (never fires)", style=dotted];');
    // a ↔ b is the trapped cycle; the edge to c is not part of it.
    expect(dot.stdout).toMatch(/"a" -> "b" \[[^\]]*color="#cf222e"/);
    expect(dot.stdout).not.toMatch(/"a" -> "c" \[[^\]]*color=/);
    const terminal = orchlint(['graph', 'fixtures/promptpack/cycle/valid-through-terminal.yaml']);
    expect(terminal.stdout).toContain('n1 -.->|"Back (never fires)"| n0');
  });
});
