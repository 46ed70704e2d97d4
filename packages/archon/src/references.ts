import type { ScalarText } from '@orchlint/core';
import type { InputRef, OutputRef, VariableRef } from './model.js';

/** The engine's output-reference grammar (`output-ref.ts`): one optional level of field access. */
const OUTPUT_REF = /\$([a-zA-Z_][a-zA-Z0-9_-]*)\.output(?:\.([a-zA-Z_][a-zA-Z0-9_]*))?/g;
const INPUT_REF = /\$INPUTS\.([a-zA-Z_][a-zA-Z0-9_-]*)/g;

/** Run variables that have a value only in one place (spec §1.7, variables.md). */
const SCOPED_VARIABLE = /\$(REJECTION_REASON|LOOP_PREV_OUTPUT|LOOP_PREV(?=\.))(?![A-Za-z0-9_])/g;

export interface ScannedRefs {
  outputRefs: OutputRef[];
  inputRefs: InputRef[];
  variableRefs: VariableRef[];
}

/**
 * Every `$id.output[.field]` and `$INPUTS.name` in a text surface, verbatim: like the engine's
 * substitution, Markdown code fences and shell comments count (Archon #2516).
 */
export function scanSurface(text: ScalarText, surface: string, shell = false): ScannedRefs {
  const value = text.value;
  const outputRefs: OutputRef[] = [];
  for (const m of value.matchAll(OUTPUT_REF)) {
    const ref: OutputRef = { id: m[1]!, surface, text: m[0], span: text.sourceSpan(m.index, m.index + m[0].length) };
    if (m[2] !== undefined) ref.field = m[2];
    if (shell && insideDoubleQuotes(value, m.index)) ref.doubleQuoted = true;
    outputRefs.push(ref);
  }
  const inputRefs: InputRef[] = [];
  for (const m of value.matchAll(INPUT_REF)) {
    inputRefs.push({ name: m[1]!, surface, span: text.sourceSpan(m.index, m.index + m[0].length) });
  }
  const variableRefs: VariableRef[] = [];
  for (const m of value.matchAll(SCOPED_VARIABLE)) {
    variableRefs.push({
      name: m[1] as VariableRef['name'],
      surface,
      span: text.sourceSpan(m.index, m.index + m[0].length),
    });
  }
  return { outputRefs, inputRefs, variableRefs };
}

/**
 * Whether a position sits inside a double-quoted shell string opened on the same line: unescaped
 * `"` outside single quotes are counted from the start of the line.
 */
function insideDoubleQuotes(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let double = false;
  let single = false;
  for (let i = lineStart; i < at; i++) {
    const c = text[i];
    if (c === '\\' && !single) i++;
    else if (c === "'" && !double) single = !single;
    else if (c === '"' && !single) double = !double;
  }
  return double;
}
