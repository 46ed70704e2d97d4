import { detached, nearMiss, type ScalarText } from '@orchlint/core';
import type { InputRef, OutputRef, RunVariableSlip, VariableRef } from './model.js';

/** The engine's output-reference grammar (`output-ref.ts`): one optional level of field access. */
const OUTPUT_REF = /\$([a-zA-Z_][a-zA-Z0-9_-]*)\.output(?:\.([a-zA-Z_][a-zA-Z0-9_]*))?/g;
const INPUT_REF = /\$INPUTS\.([a-zA-Z_][a-zA-Z0-9_-]*)/g;

/** Run variables that have a value only in one place (spec §1.7, variables.md). */
const SCOPED_VARIABLE = /\$(REJECTION_REASON|LOOP_PREV_OUTPUT|LOOP_PREV(?=\.))(?![A-Za-z0-9_])/g;

export interface ScannedRefs {
  outputRefs: OutputRef[];
  inputRefs: InputRef[];
  variableRefs: VariableRef[];
  variableSlips: RunVariableSlip[];
}

/**
 * The run variables (executor-shared.ts substituteWorkflowVariables, variables.md), and in a shell the
 * environment a bash node gets (dag-executor.ts): `LOG_DIR` and `INPUTS_<NAME>` besides.
 */
const RUN_VARIABLES = [
  'WORKFLOW_ID',
  'USER_MESSAGE',
  'ARGUMENTS',
  'ARTIFACTS_DIR',
  'STATE_DIR',
  'BASE_BRANCH',
  'DOCS_DIR',
  'CONTEXT',
  'EXTERNAL_CONTEXT',
  'ISSUE_CONTEXT',
  'LOOP_USER_INPUT',
  'REJECTION_REASON',
  'LOOP_PREV_OUTPUT',
];
const SHELL_VARIABLES = [...RUN_VARIABLES, 'LOG_DIR'];
/**
 * Variables replaced with no check of what follows (`.replace(/\$ARTIFACTS_DIR/g, …)`): a longer name
 * starting with one gets the value spliced in front of the rest. In a shell only the engine's own
 * (the rest arrive as environment variables); the context variables end at a word boundary.
 */
const PREFIX_REPLACED = ['WORKFLOW_ID', 'ARTIFACTS_DIR', 'STATE_DIR', 'BASE_BRANCH', 'DOCS_DIR'];
const PREFIX_REPLACED_IN_TEXT = [
  ...PREFIX_REPLACED,
  'USER_MESSAGE',
  'ARGUMENTS',
  'LOOP_USER_INPUT',
  'REJECTION_REASON',
  'LOOP_PREV_OUTPUT',
];
const UPPER_VARIABLE = /\$(\{)?([A-Z][A-Z0-9_]*)/g;

/**
 * Upper-case `$NAME`s that are not a run variable but look like one: a name with a variable's value
 * spliced in front of its rest, one a letter or two from a variable's name (at least 6 long, and in a
 * shell not one the script assigns itself), or outside a shell a variable written `${NAME}`.
 */
function variableSlips(text: ScalarText, surface: string, shell: boolean): RunVariableSlip[] {
  const value = text.value;
  const known = shell ? SHELL_VARIABLES : RUN_VARIABLES;
  const prefixed = shell ? PREFIX_REPLACED : PREFIX_REPLACED_IN_TEXT;
  const slips: RunVariableSlip[] = [];
  for (const m of value.matchAll(UPPER_VARIABLE)) {
    const name = m[2]!;
    // Most names are the variables themselves: a span is worked out (decoding the scalar) only for a slip.
    const span = () => text.sourceSpan(m.index, m.index + m[0].length);
    // Outside a shell the engine substitutes only the bare form.
    if (m[1] && !shell && known.includes(name) && value[m.index + m[0].length] === '}') {
      slips.push({
        name,
        surface,
        span: text.sourceSpan(m.index, m.index + m[0].length + 1),
        kind: 'braced',
        variable: name,
      });
      continue;
    }
    if (known.includes(name) || name === 'INPUTS' || (shell && name.startsWith('INPUTS_'))) continue;
    const prefix = m[1] ? undefined : prefixed.find((p) => name.startsWith(p));
    if (prefix) {
      slips.push({ name, surface, span: span(), kind: 'spliced', variable: prefix });
      continue;
    }
    const near = name.length >= 6 ? nearVariable(name, shell) : undefined;
    if (near && !(shell && assigns(value, name)))
      slips.push({ name, surface, span: span(), kind: 'misspelt', variable: near });
  }
  return slips;
}

/**
 * The run variable a name is a letter or two from, per name and surface kind: the same names
 * (`$GITHUB_TOKEN`, `$OUTPUT_DIR`) come back in workflow after workflow. Bounded like a cache.
 */
const nearVariables = new Map<string, string | undefined>();
function nearVariable(name: string, shell: boolean): string | undefined {
  const key = (shell ? '$' : '') + name;
  if (nearVariables.has(key)) return nearVariables.get(key);
  const near = nearMiss(name, shell ? SHELL_VARIABLES : RUN_VARIABLES);
  if (nearVariables.size >= 10_000) nearVariables.clear();
  nearVariables.set(detached(key), near);
  return near;
}

/** The script sets the name itself (`NAME=`, `for NAME in`, `read … NAME`, `export|local|declare|readonly NAME`). */
function assigns(script: string, name: string): boolean {
  return new RegExp(
    `(^|[^A-Za-z0-9_$])${name}=|\\b(for|read|export|local|declare|readonly|typeset)\\b[^\\n;]*\\b${name}\\b`,
    'm',
  ).test(script);
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
  return { outputRefs, inputRefs, variableRefs, variableSlips: variableSlips(text, surface, shell) };
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
