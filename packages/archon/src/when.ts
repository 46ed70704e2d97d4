/**
 * The `when:` condition language of Archon 0.9 (`when-atom.ts`): atoms joined by `&&` and `||`
 * (split outside single quotes, `&&` binding tighter), each atom `<reference> <op> <literal>` with
 * one of six comparison operators. Everything else fails closed at run time: the engine skips the
 * node without a word. This parser reads a wider language on purpose (parentheses, negation,
 * arithmetic, calls, other operators) so that each way of leaving the grammar gets its own finding
 * on exactly the atom that leaves it. Offsets are into the decoded condition text.
 */

export type WhenProblemKind = 'syntax' | 'grouping' | 'computation' | 'loop-prev' | 'non-numeric';

export interface WhenProblem {
  kind: WhenProblemKind;
  message: string;
}

export interface WhenRef {
  /** `$INPUTS.name`, a node reference, or `$LOOP_PREV.…` (which `when:` never substitutes). */
  scope: 'inputs' | 'node' | 'loop-prev';
  /** The node id or input name. */
  name: string;
  /** `.output` whole, `.output.field`, or the `$id.field` shorthand. */
  form: 'whole' | 'field' | 'shorthand' | 'invalid';
  field?: string;
  text: string;
  start: number;
  end: number;
}

export interface WhenLiteral {
  kind: 'string' | 'number' | 'boolean';
  /** The compared text: a string's content, a number's digits, `true`/`false`. */
  value: string;
  start: number;
  end: number;
}

export const COMPARISONS = ['==', '!=', '<=', '>=', '<', '>'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export interface WhenAtom {
  /** The trimmed atom, as the engine sees it. */
  text: string;
  start: number;
  end: number;
  /** Every reference written in the atom, well-formed or not. */
  refs: WhenRef[];
  /** Set when the atom is in the grammar. */
  left?: WhenRef;
  op?: Comparison;
  literal?: WhenLiteral;
  problems: WhenProblem[];
  /** The atom as the grammar takes it, when its syntax error is one of spelling (see `repaired`). */
  repaired?: string;
}

export interface WhenCondition {
  text: string;
  /** Atoms in order; `disjuncts` groups them as `a && b || c` → [[a, b], [c]]. */
  atoms: WhenAtom[];
  disjuncts: WhenAtom[][];
  usesOr: boolean;
}

export function parseWhen(text: string): WhenCondition {
  const disjuncts = splitOutsideQuotes(text, 0, text.length, '||').map((d) =>
    splitOutsideQuotes(text, d.start, d.end, '&&').map((a) => parseAtom(text, a.start, a.end)),
  );
  return { text, atoms: disjuncts.flat(), disjuncts, usesOr: disjuncts.length > 1 };
}

/** The engine's split: on the separator wherever an odd number of single quotes is not open. */
function splitOutsideQuotes(
  text: string,
  from: number,
  to: number,
  separator: string,
): Array<{ start: number; end: number }> {
  const parts: Array<{ start: number; end: number }> = [];
  let inQuote = false;
  let start = from;
  for (let i = from; i < to; i++) {
    if (text[i] === "'") inQuote = !inQuote;
    else if (!inQuote && text.startsWith(separator, i) && i + separator.length <= to) {
      parts.push({ start, end: i });
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push({ start, end: to });
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Tokens

type TokenKind = 'ref' | 'string' | 'dstring' | 'number' | 'ident' | 'op' | 'punct' | 'other';

interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
}

/** Longest first, so `===` is read before `==` and `!~` before `!`. */
const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '<>',
  '=>',
  '=<',
  '=~',
  '!~',
  '&&',
  '||',
  '<',
  '>',
  '=',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '?',
  ':',
];
const PUNCT = new Set(['(', ')', ',', '.', '[', ']', '{', '}']);
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_-]/;

function tokenize(text: string, from: number, to: number): Token[] {
  const tokens: Token[] = [];
  let i = from;
  const push = (kind: TokenKind, end: number) => {
    tokens.push({ kind, text: text.slice(i, end), start: i, end });
    i = end;
  };
  while (i < to) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      push(c === "'" ? 'string' : 'dstring', close === -1 || close >= to ? to : close + 1);
      continue;
    }
    if (c === '$') {
      let j = i + 1;
      while (j < to && NAME_CHAR.test(text[j]!)) j++;
      while (j < to && text[j] === '.' && j + 1 < to && NAME_START.test(text[j + 1]!)) {
        j += 2;
        while (j < to && NAME_CHAR.test(text[j]!)) j++;
      }
      push('ref', j);
      continue;
    }
    if (/[0-9]/.test(c)) {
      const m = /^\d+(?:\.\d+)?/.exec(text.slice(i, to))!;
      push('number', i + m[0].length);
      continue;
    }
    if (NAME_START.test(c)) {
      let j = i + 1;
      while (j < to && /[A-Za-z0-9_]/.test(text[j]!)) j++;
      push('ident', j);
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i) && i + o.length <= to);
    if (op) push('op', i + op.length);
    else push(PUNCT.has(c) ? 'punct' : 'other', i + 1);
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Atoms

/** What an operand turned out to be, and which forbidden constructs it used. */
interface Operand {
  kind: 'ref' | 'literal' | 'other';
  ref?: WhenRef;
  literal?: WhenLiteral;
  /** Why an operand that looks like a literal is not one. */
  note?: string;
  start: number;
  end: number;
}

const WORD_OPERATORS = new Set(['contains', 'matches', 'in', 'startsWith', 'endsWith', 'and', 'or', 'like', 'is']);
const NEGATION_WORDS = new Set(['not']);

class AtomParser {
  private pos = 0;
  readonly problems: WhenProblem[] = [];
  readonly refs: WhenRef[] = [];
  private grouping = false;
  private computation = false;

  constructor(
    private readonly tokens: Token[],
    private readonly text: string,
  ) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  private next(): Token | undefined {
    return this.tokens[this.pos++];
  }

  get done(): boolean {
    return this.pos >= this.tokens.length;
  }

  grouped(message: string): void {
    if (!this.grouping) this.problems.push({ kind: 'grouping', message });
    this.grouping = true;
  }

  computed(message: string): void {
    if (!this.computation) this.problems.push({ kind: 'computation', message });
    this.computation = true;
  }

  /** An operator that is not when:'s: a misspelt comparison ('===') is a syntax error, anything else computation. */
  private badOperator(op: string): void {
    const meant = MISSPELT_COMPARISONS[op];
    if (!meant) this.computed(operatorMessage(op));
    else if (!this.problems.some((p) => p.kind === 'syntax')) {
      this.problems.push({
        kind: 'syntax',
        message: `'${op}' is not one of the six comparison operators of when: (did you mean '${meant}'?)`,
      });
    }
  }

  /** comparison := additive (operator additive)* */
  comparison(): { left?: Operand; op?: Token; right?: Operand; trailing?: Token } {
    const left = this.additive();
    const t = this.peek();
    if (!t) return { left };
    if (t.kind === 'op' && (COMPARISONS as readonly string[]).includes(t.text)) {
      this.next();
      const right = this.additive();
      const trailing = this.peek();
      this.rest();
      return trailing ? { left, op: t, right, trailing } : { left, op: t, right };
    }
    if (t.kind === 'op' && !['+', '-', '*', '/', '%'].includes(t.text) && t.text !== '!') {
      this.next();
      this.badOperator(t.text);
      this.additive();
      this.rest();
      return { left };
    }
    if (t.kind === 'ident' && WORD_OPERATORS.has(t.text)) {
      this.next();
      this.computed(`'${t.text}' is not an operator of when: (only == != < > <= >= and && ||)`);
      this.additive();
      this.rest();
      return { left };
    }
    this.rest();
    return { left, trailing: t };
  }

  /** Whatever follows a complete comparison is still scanned for refs and forbidden constructs. */
  private rest(): void {
    while (!this.done) {
      const before = this.pos;
      this.additive();
      const t = this.peek();
      if (this.pos === before && t) {
        this.next();
        if (t.kind === 'op') {
          if ((COMPARISONS as readonly string[]).includes(t.text)) continue;
          if (t.text !== '!') this.badOperator(t.text);
        }
      }
    }
  }

  /** additive := unary (arith unary)* */
  private additive(): Operand | undefined {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      if (!t || t.kind !== 'op' || !['+', '-', '*', '/', '%'].includes(t.text)) return left;
      this.next();
      this.computed(`arithmetic ('${t.text}') is computation`);
      const right = this.unary();
      left = { kind: 'other', start: left?.start ?? t.start, end: right?.end ?? t.end };
    }
  }

  /** unary := ('!' | 'not' | '-') unary | primary */
  private unary(): Operand | undefined {
    const t = this.peek();
    if (!t) return undefined;
    if ((t.kind === 'op' && t.text === '!') || (t.kind === 'ident' && NEGATION_WORDS.has(t.text))) {
      this.next();
      this.grouped(`negation ('${t.text}') is not part of when:`);
      const inner = this.unary();
      return { kind: 'other', start: t.start, end: inner?.end ?? t.end };
    }
    if (t.kind === 'op' && t.text === '-') {
      const n = this.peek(1);
      this.next();
      if (n?.kind === 'number' && n.start === t.end) {
        this.next();
        return {
          kind: 'literal',
          literal: { kind: 'number', value: `-${n.text}`, start: t.start, end: n.end },
          start: t.start,
          end: n.end,
        };
      }
      this.computed(`arithmetic ('-') is computation`);
      const inner = this.unary();
      return { kind: 'other', start: t.start, end: inner?.end ?? t.end };
    }
    return this.primary();
  }

  /** primary := ref | literal | ident ['(' args ')'] | '(' comparison ')' | regex */
  private primary(): Operand | undefined {
    const t = this.peek();
    if (!t) return undefined;
    switch (t.kind) {
      case 'ref': {
        this.next();
        const ref = readRef(t);
        this.refs.push(ref);
        if (this.peek()?.kind === 'punct' && this.peek()!.text === '(') {
          this.call(t);
          return { kind: 'other', start: t.start, end: this.tokens[this.pos - 1]!.end };
        }
        return { kind: 'ref', ref, start: t.start, end: t.end };
      }
      case 'string':
        this.next();
        if (t.text.length < 2 || !t.text.endsWith("'"))
          return { kind: 'other', note: 'unterminated string literal', start: t.start, end: t.end };
        return {
          kind: 'literal',
          literal: { kind: 'string', value: t.text.slice(1, -1), start: t.start, end: t.end },
          start: t.start,
          end: t.end,
        };
      case 'number':
        this.next();
        return {
          kind: 'literal',
          literal: { kind: 'number', value: t.text, start: t.start, end: t.end },
          start: t.start,
          end: t.end,
        };
      case 'ident': {
        this.next();
        const after = this.peek();
        if (after?.kind === 'punct' && after.text === '(') {
          this.call(t);
          return { kind: 'other', start: t.start, end: this.tokens[this.pos - 1]!.end };
        }
        if (
          after?.kind === 'punct' &&
          after.text === '.' &&
          this.peek(1)?.kind === 'ident' &&
          this.peek(2)?.text === '('
        ) {
          this.next();
          const method = this.next()!;
          this.call(method);
          return { kind: 'other', start: t.start, end: this.tokens[this.pos - 1]!.end };
        }
        if (t.text === 'true' || t.text === 'false') {
          return {
            kind: 'literal',
            literal: { kind: 'boolean', value: t.text, start: t.start, end: t.end },
            start: t.start,
            end: t.end,
          };
        }
        return { kind: 'other', start: t.start, end: t.end };
      }
      case 'punct':
        if (t.text === '(') {
          this.next();
          this.grouped('parentheses group conditions, and when: has no grouping');
          const inner = this.comparison();
          if (this.peek()?.text === ')') this.next();
          return { kind: 'other', start: t.start, end: this.tokens[this.pos - 1]?.end ?? inner.left?.end ?? t.end };
        }
        if (t.text === ')') {
          this.next();
          this.grouped('parentheses group conditions, and when: has no grouping');
          return { kind: 'other', start: t.start, end: t.end };
        }
        if (t.text === '.' && this.peek(1)?.kind === 'ident' && this.peek(2)?.text === '(') {
          this.next();
          const method = this.next()!;
          this.call(method);
          return { kind: 'other', start: t.start, end: this.tokens[this.pos - 1]!.end };
        }
        this.next();
        return { kind: 'other', start: t.start, end: t.end };
      case 'op':
        if (t.text === '/') {
          // A /regex/ literal in operand position.
          this.next();
          while (!this.done && this.peek()!.text !== '/') this.next();
          this.next();
          this.computed('a regular expression is computation');
          return { kind: 'other', start: t.start, end: this.tokens[this.pos - 1]?.end ?? t.end };
        }
        return undefined;
      default:
        this.next();
        return t.kind === 'dstring'
          ? {
              kind: 'other',
              note: 'string literals take single quotes; a double-quoted literal does not parse',
              start: t.start,
              end: t.end,
            }
          : { kind: 'other', start: t.start, end: t.end };
    }
  }

  private call(name: Token): void {
    this.computed(`a function call ('${name.text}(…)') is computation`);
    this.next();
    let depth = 1;
    while (!this.done && depth > 0) {
      const t = this.peek()!;
      if (t.text === '(') {
        depth++;
        this.next();
      } else if (t.text === ')') {
        depth--;
        this.next();
      } else if (t.kind === 'ref') {
        this.refs.push(readRef(t));
        this.next();
      } else this.next();
    }
  }

  source(start: number, end: number): string {
    return this.text.slice(start, end);
  }
}

/** Operators that are a comparison of when: written as another language spells it. */
const MISSPELT_COMPARISONS: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  '===': '==',
  '!==': '!=',
  '=': '==',
  '=>': '>=',
  '=<': '<=',
  '<>': '!=',
});

function operatorMessage(op: string): string {
  if (op === '=~' || op === '!~') return `'${op}' is a regular-expression match, which is computation`;
  return `'${op}' is not one of the six comparison operators of when:`;
}

function readRef(t: Token): WhenRef {
  const parts = t.text.slice(1).split('.');
  const name = parts[0] ?? '';
  const base = { name, text: t.text, start: t.start, end: t.end };
  if (name === 'LOOP_PREV') return { ...base, scope: 'loop-prev', form: 'invalid' };
  if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(name)) return { ...base, scope: 'node', form: 'invalid' };
  const fieldOk = (s: string | undefined) => s !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(s);
  if (name === 'INPUTS') {
    return parts.length === 2 && /^[A-Za-z_][A-Za-z0-9_-]*$/.test(parts[1]!)
      ? { ...base, scope: 'inputs', name: parts[1]!, form: 'whole' }
      : { ...base, scope: 'inputs', name: parts[1] ?? '', form: 'invalid' };
  }
  if (parts.length === 2 && parts[1] === 'output') return { ...base, scope: 'node', form: 'whole' };
  if (parts.length === 3 && parts[1] === 'output' && fieldOk(parts[2]))
    return { ...base, scope: 'node', form: 'field', field: parts[2]! };
  if (parts.length === 2 && fieldOk(parts[1])) return { ...base, scope: 'node', form: 'shorthand', field: parts[1]! };
  return { ...base, scope: 'node', form: 'invalid', ...(parts[1] ? { field: parts[1] } : {}) };
}

function parseAtom(text: string, from: number, to: number): WhenAtom {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  const atom: WhenAtom = { text: text.slice(start, end), start, end, refs: [], problems: [] };
  if (start === end) {
    atom.start = atom.end = Math.min(from, text.length);
    atom.problems.push({ kind: 'syntax', message: 'empty condition atom (a dangling && or ||?)' });
    return atom;
  }
  const tokens = tokenize(text, start, end);
  const parser = new AtomParser(tokens, text);
  const { left, op, right, trailing } = parser.comparison();
  atom.refs = parser.refs;
  atom.problems.push(...parser.problems);
  const loopPrev = atom.refs.find((r) => r.scope === 'loop-prev');
  if (loopPrev) {
    atom.problems.unshift({
      kind: 'loop-prev',
      message: `'${loopPrev.text}' is not substituted in when: ($LOOP_PREV exists only in the text of loop_group body nodes)`,
    });
  }
  if (!atom.problems.length) {
    const syntax =
      grammarProblem(left, op, right) ?? (trailing ? `unexpected '${trailing.text}' after the comparison` : undefined);
    if (syntax) atom.problems.push({ kind: 'syntax', message: syntax });
  }
  if (atom.problems.length) {
    const fixed = atom.problems.some((p) => p.kind === 'syntax') ? repaired(tokens) : undefined;
    if (fixed !== undefined) atom.repaired = fixed;
    return atom;
  }
  atom.left = left!.ref!;
  atom.op = op!.text as Comparison;
  atom.literal = right!.literal!;
  if (['<', '>', '<=', '>='].includes(atom.op) && !Number.isFinite(parseFloat(atom.literal.value))) {
    atom.problems.push({
      kind: 'non-numeric',
      message: `'${atom.op}' compares numbers, but ${atom.literal.kind === 'string' ? `'${atom.literal.value}'` : atom.literal.value} is not a number`,
    });
  }
  return atom;
}

/** Bare words that mean "no value" elsewhere: quoting one would change what the atom asks, so none is repaired. */
const NO_VALUE = new Set(['null', 'nil', 'none', 'None', 'undefined', 'NULL']);

/**
 * `<ref> <op> <value>` as the grammar takes it, when that is plainly what was meant: a double-quoted
 * or bare-word literal in single quotes, an operator another language's way (`===`, `=`) as when:'s,
 * a trailing `# comment` dropped. Undefined for anything else (computation, grouping, two references).
 */
function repaired(tokens: readonly Token[]): string | undefined {
  const [ref, op, value, next] = tokens;
  if (ref?.kind !== 'ref' || readRef(ref).form === 'invalid' || op?.kind !== 'op' || !value) return undefined;
  const comparison = (COMPARISONS as readonly string[]).includes(op.text) ? op.text : MISSPELT_COMPARISONS[op.text];
  if (comparison === undefined || (next !== undefined && next.text !== '#')) return undefined;
  const inner = value.text.slice(1, -1);
  const literal =
    value.kind === 'number' || (value.kind === 'string' && value.text.length > 1 && value.text.endsWith("'"))
      ? value.text
      : value.kind === 'dstring' && value.text.length > 1 && value.text.endsWith('"') && !inner.includes("'")
        ? `'${inner}'`
        : value.kind === 'ident' && !NO_VALUE.has(value.text)
          ? value.text === 'true' || value.text === 'false'
            ? value.text
            : `'${value.text}'`
          : undefined;
  return literal === undefined ? undefined : `${ref.text} ${comparison} ${literal}`;
}

/** The exact grammar: `<ref> <one of six> <literal>`, nothing before, between or after. */
function grammarProblem(
  left: Operand | undefined,
  op: Token | undefined,
  right: Operand | undefined,
): string | undefined {
  if (left?.note) return left.note;
  if (!left) return 'expected a reference such as $node.output.field on the left';
  if (left.kind === 'literal' && right?.kind === 'ref')
    return 'the reference must be on the left and the literal on the right';
  if (left.kind !== 'ref')
    return 'the left side must be a reference ($node.output, $node.output.field or $INPUTS.name)';
  const ref = left.ref!;
  if (ref.form === 'invalid') {
    if (ref.scope === 'inputs')
      return `'${ref.text}' is not a valid input reference; write $INPUTS.name (one level, no field access)`;
    return `'${ref.text}' is not a valid reference; write $node.output, $node.output.field or $node.field (one level of field access)`;
  }
  if (!op) return `'${ref.text}' alone is not a condition; compare it, e.g. ${ref.text} == 'true'`;
  if (!right) return `'${op.text}' needs a literal on its right`;
  if (right.kind === 'ref')
    return 'the right side must be a literal; comparing two references is computation a script node should do';
  if (right.note) return right.note;
  if (right.kind !== 'literal')
    return 'the right side must be a single-quoted string, a number, true or false (lower case)';
  return undefined;
}
