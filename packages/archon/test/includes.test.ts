import { describe, expect, it } from 'vitest';
import { lintMemory } from '../../../test/support/lint.js';

const wf = (name: string, nodes: string) => `name: ${name}\ndescription: ${name}\nnodes:\n${nodes}`;
const include = (id: string, target: string) => `  - id: ${id}\n    include: ${target}\n`;
const leaf = `  - id: work\n    bash: echo hi\n`;

function includeErrors(files: Record<string, string>): string[] {
  return lintMemory(files, 'archon')
    .filter((d) => d.rule === 'archon/include-target')
    .map((d) => d.message);
}

describe('include: expansion through the host', () => {
  it('finds targets in .archon/workflows and its subfolders by name', () => {
    const files = {
      '.archon/workflows/main.yaml': wf('main', include('a', 'block-a') + include('b', 'block-b')),
      '.archon/workflows/blocks/whatever.yaml': wf('block-a', leaf),
      '.archon/workflows/block-b.yml': wf('block-b', leaf),
    };
    expect(includeErrors(files)).toEqual([]);
  });

  it('allows three levels and reports the fourth', () => {
    const chain = (depth: number) => ({
      'main.yaml': wf('main', include('i', 'l1')),
      'l1.yaml': wf('l1', include('i', 'l2')),
      'l2.yaml': wf('l2', include('i', 'l3')),
      'l3.yaml': wf('l3', depth > 3 ? include('i', 'l4') : leaf),
      'l4.yaml': wf('l4', leaf),
    });
    expect(includeErrors(chain(3))).toEqual([]);
    expect(includeErrors(chain(4))).toEqual([
      expect.stringContaining('include depth limit exceeded (max 3 levels): main -> l1 -> l2 -> l3 -> l4'),
    ]);
  });

  it('reports a cycle through another file', () => {
    const files = { 'main.yaml': wf('main', include('i', 'other')), 'other.yaml': wf('other', include('j', 'main')) };
    expect(includeErrors(files)).toEqual([expect.stringContaining('include cycle detected: main -> other -> main')]);
  });

  it('lets bundled workflow names resolve without a file', () => {
    expect(includeErrors({ 'main.yaml': wf('main', include('r', 'archon-review-block')) })).toEqual([]);
  });

  it('never reads outside the host root, and says where it looked', () => {
    const messages = includeErrors({ 'main.yaml': wf('main', include('r', '../secrets')) });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("include target '../secrets' not found");
  });

  it('never checks workflow: targets (late-bound on purpose)', () => {
    const found = lintMemory({ 'main.yaml': wf('main', '  - id: child\n    workflow: written-later\n') }, 'archon');
    expect(found.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('checks the inputs a block reads and the nodes it reaches outside itself', () => {
    const files = {
      'main.yaml': wf('main', '  - id: fetch\n    bash: gh issue view 1\n' + include('review', 'block')),
      'block.yaml': wf(
        'block',
        '  - id: critique\n    prompt: |\n      Focus on $INPUTS.focus.\n      $fetch.output\n',
      ),
    };
    const messages = lintMemory(files, 'archon')
      .filter((d) => d.rule === 'archon/include-inputs' && d.path === 'main.yaml')
      .map((d) => d.message);
    expect(messages).toHaveLength(2);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('references missing input $INPUTS.focus'),
        expect.stringContaining("references '$fetch.output' outside its workflow namespace"),
      ]),
    );
  });

  it('checks each include against its own with: while the block is summarized once', () => {
    const withMode = (id: string, mode?: string) =>
      include(id, 'block') + (mode === undefined ? '' : `    with: { mode: ${JSON.stringify(mode)} }\n`);
    const files = {
      'main.yaml': wf(
        'main',
        withMode('quoted', "it's") + withMode('plain', 'fast') + withMode('again', "it's") + withMode('bare'),
      ),
      'block.yaml':
        'name: block\ndescription: block\ninputs:\n  mode: { required: true }\nnodes:\n' +
        '  - id: probe\n    bash: echo hi\n' +
        '  - id: act\n    depends_on: [probe]\n    when: "$probe.output == \'$INPUTS.mode\'"\n    prompt: Act in $INPUTS.mode.\n',
    };
    const found = lintMemory(files, 'archon').filter((d) => d.path === 'main.yaml');
    const of = (rule: string) =>
      found.filter((d) => d.rule === rule).map((d) => d.message.slice(0, d.message.indexOf(':')));
    // Substitution breaks the quoted literal for both includes passing "it's", and only for them.
    expect(of('archon/include-when')).toEqual(["node 'quoted'", "node 'again'"]);
    // Only the include that passes nothing misses the required input and the input the block reads.
    expect(of('archon/include-inputs')).toEqual(["node 'bare'", "node 'bare'"]);
  });
});
