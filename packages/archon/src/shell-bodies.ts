import { maskAsQuotedWords, parseShell, ScalarText, type ShellScript } from '@orchlint/core';
import type { ArchonNode, ShellBody, Splice, SpliceKind } from './model.js';

const OUTPUT_REF = /\$([a-zA-Z_][a-zA-Z0-9_-]*)\.output(?:\.([a-zA-Z_][a-zA-Z0-9_]*))?/g;
const LOOP_PREV_REF = /\$LOOP_PREV\.([a-zA-Z_][a-zA-Z0-9_-]*)\.output(?:\.([a-zA-Z_][a-zA-Z0-9_]*))?/g;
const LOOP_USER_INPUT = /\$LOOP_USER_INPUT/g;

/** The node's shell bodies; a `script:` node has none (bun and uv run source code, not a shell). */
export function shellBodies(node: ArchonNode, text: string): ShellBody[] {
  const inGroup = node.scope.owner?.kind === 'loop_group';
  const bodies: ShellBody[] = [];
  const add = (surface: string, value: ScalarText | undefined, trimmed: boolean, kinds: readonly SpliceKind[]) => {
    if (!value) return;
    // `bash:` is trim()med when the workflow loads (schemas/dag-node.ts:1520); until_bash is not.
    const lead = trimmed ? value.value.length - value.value.trimStart().length : 0;
    const body = trimmed ? value.value.trim() : value.value;
    bodies.push(makeBody(node, surface, value, body, lead, kinds, inGroup || surface === 'loop_group.until_bash'));
  };
  const field = (key: string) => ScalarText.of(text, node.fields.get(key)?.node);
  const nested = (block: 'loop' | 'loop_group', key: string) =>
    ScalarText.of(text, node.blocks.get(block)?.byKey.get(key)?.node);
  if (node.kind === 'bash')
    add('bash', field('bash'), true, inGroup ? ['output', 'loop-prev', 'loop-user-input'] : ['output']);
  if (node.kind === 'loop')
    add(
      'loop.until_bash',
      nested('loop', 'until_bash'),
      false,
      inGroup ? ['output', 'loop-prev', 'loop-user-input'] : ['output'],
    );
  if (node.kind === 'loop_group')
    add('loop_group.until_bash', nested('loop_group', 'until_bash'), false, ['output', 'loop-prev']);
  return bodies;
}

function makeBody(
  node: ArchonNode,
  surface: string,
  value: ScalarText,
  body: string,
  lead: number,
  kinds: readonly SpliceKind[],
  rescanned: boolean,
): ShellBody {
  const splices: Splice[] = [];
  const collect = (kind: SpliceKind, pattern: RegExp) => {
    if (!kinds.includes(kind)) return;
    for (const m of body.matchAll(pattern)) {
      const splice: Splice = { kind, text: m[0], span: { start: m.index, end: m.index + m[0].length } };
      if (m[1] !== undefined) splice.id = m[1];
      if (m[2] !== undefined) splice.field = m[2];
      splices.push(splice);
    }
  };
  collect('loop-prev', LOOP_PREV_REF);
  collect('loop-user-input', LOOP_USER_INPUT);
  collect('output', OUTPUT_REF);
  splices.sort((a, b) => a.span.start - b.span.start);
  let script: ShellScript | undefined;
  return {
    node,
    surface,
    splices,
    rescanned,
    get script() {
      script ??= parseShell(
        maskAsQuotedWords(
          body,
          splices.map((s) => s.span),
        ),
      );
      return script;
    },
    sourceSpan: (span) => value.sourceSpan(span.start + lead, span.end + lead),
  };
}
