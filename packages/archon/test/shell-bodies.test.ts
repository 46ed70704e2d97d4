import { describe, expect, it } from 'vitest';
import { Source, type Host } from '@orchlint/core';
import { archon } from '../src/dialect.js';
import type { WorkflowModel } from '../src/model.js';

const host: Host = { readFile: () => undefined, readDir: () => undefined };

describe('Archon shell bodies map back to the YAML', () => {
  const load = (text: string) => {
    const source = new Source('.archon/workflows/w.yaml', text);
    return { source, model: archon.load(source, host, {}).model as WorkflowModel };
  };
  const wordAt = (text: string, model: WorkflowModel, name: string) => {
    const body = model.nodes[0]!.shells[0]!;
    const command = body.script.commands.find((c) => c.name === name)!;
    const span = body.sourceSpan(command.words[1]!.span);
    return text.slice(span.start, span.end);
  };

  it('in a literal block scalar, with the engine splice masked as a quoted word', () => {
    const text =
      'name: w\ndescription: d\nnodes:\n  - id: a\n    bash: |\n      set -e\n      git checkout $pick.output\n';
    const { model } = load(text);
    const body = model.nodes[0]!.shells[0]!;
    expect(body.splices.map((s) => s.text)).toEqual(['$pick.output']);
    expect(wordAt(text, model, 'git')).toBe('checkout');
    const word = body.script.commands[1]!.words[2]!;
    const span = body.sourceSpan(word.span);
    expect(text.slice(span.start, span.end)).toBe('$pick.output');
  });

  it('in a double-quoted flow scalar with escapes, and in a folded one', () => {
    const quoted = 'name: w\ndescription: d\nnodes:\n  - id: a\n    bash: "  echo \\"hi\\" && printf x"\n';
    expect(wordAt(quoted, load(quoted).model, 'echo')).toBe('\\"hi\\"');
    const folded = 'name: w\ndescription: d\nnodes:\n  - id: a\n    bash: >-\n      echo one\n      two && printf x\n';
    expect(wordAt(folded, load(folded).model, 'printf')).toBe('x');
  });

  it('in loop and loop_group until_bash, where $LOOP_PREV and $LOOP_USER_INPUT are splices too', () => {
    const text = [
      'name: w',
      'description: d',
      'nodes:',
      '  - id: g',
      '    loop_group:',
      '      max_iterations: 3',
      '      until_bash: test $LOOP_PREV.b.output = done',
      '      nodes:',
      '        - id: b',
      '          bash: echo "$LOOP_USER_INPUT" ${LOOP_USER_INPUT}',
      '',
    ].join('\n');
    const { model } = load(text);
    const [group, inner] = model.nodes;
    expect(group!.shells.map((b) => [b.surface, b.splices.map((s) => s.kind)])).toEqual([
      ['loop_group.until_bash', ['loop-prev']],
    ]);
    expect(inner!.shells[0]!.splices.map((s) => s.kind)).toEqual(['loop-user-input']);
    expect(inner!.shells[0]!.script.params.map((p) => p.name)).toEqual(['LOOP_USER_INPUT']);
  });
});
