import loadMvdanSh from './mvdan-sh.cjs';
import type { Span } from './source.js';

/**
 * A shell body parsed with mvdan/sh (bash dialect), summed up as what a security audit or a host
 * tool needs: every simple command with its argument words, every parameter expansion, and the
 * regions that change how a character is read (quotes, here-documents, substitutions, arithmetic,
 * comments). Offsets are UTF-16 indices into the parsed text, like every other span in orchlint.
 *
 * Why mvdan-sh (0.10.1, mvdan/sh compiled to plain JavaScript with GopherJS) and not sh-syntax
 * (0.7.0, the same parser as WebAssembly): the rule engine is synchronous and runs on every
 * keystroke in the editor and in the browser. sh-syntax only has an async API that instantiates a
 * fresh Go WebAssembly runtime on every call, and the JSON it returns keeps a command's position but
 * not its arguments, so an audit could not see `eval` or `sh -c`. mvdan-sh parses synchronously and
 * hands over the whole typed syntax tree. It is loaded on the first parse (see mvdan-sh.cts).
 */
export interface ShellScript {
  /** The text that was parsed (with any masking applied). */
  text: string;
  /** The first syntax error; the lists below are then empty. */
  error?: { offset: number; message: string };
  /** Every simple command (`name args…`), in document order, nested ones included. */
  commands: ShellCommand[];
  /** Every parameter expansion (`$x`, `${x}`, `${x:-y}`), in document order. */
  params: ShellParam[];
  /** Quotes, here-documents, substitutions, arithmetic and comments, in document order. */
  regions: ShellRegion[];
  /** Every `name=value`, bare or after local/export/declare/readonly, in document order. */
  assignments: ShellAssignment[];
  /**
   * Every `[[ word =~ regex ]]` test with a literal regex, and every `case` that bounds its word (an
   * arm of literal words; an arm rejecting `*[!class]*` that exits), with the text where it holds.
   */
  guards: ShellGuard[];
  /**
   * Bare names read as arithmetic (`$(( n + 1 ))`, `[[ n -gt 3 ]]`, `declare -i n=v`): bash evaluates
   * their values as arithmetic again.
   */
  arithmeticNames: ShellParam[];
  /** Files a statement writes (`> f`, `>> f`, `| tee f`), with the text whose output goes there. */
  writes: ShellWrite[];
}

/** A word that is one expansion and nothing else: `$x`, `${x}`, `"$x"`, or a masked splice `'xxxx'`. */
export interface ShellSoleWord {
  span: Span;
  /** The variable, when the word is one parameter expansion. */
  param?: string;
}

export interface ShellAssignment {
  name: string;
  span: Span;
  /** The value, when it is one expansion: the variable then holds exactly that value. */
  value?: ShellSoleWord;
}

export interface ShellGuard {
  /** The tested word, when it is one expansion. */
  subject: ShellSoleWord;
  /** The regex as written (unquoted, literal); for a `case`, the regex its glob patterns amount to. */
  pattern: string;
  /** Where the match is known to hold: `if [[ … ]]; then HERE`, `[[ … ]] && HERE`, and after `[[ … ]] || exit` or `if ! [[ … ]]; then exit; fi` to the end of the enclosing list. */
  holds: Span;
}

export interface ShellWrite {
  /** The file as written (`run.sh`, `./out/x.sh`). */
  file: string;
  /** The statement (or the whole pipeline into tee) whose output is written, here-documents included. */
  span: Span;
}

export type ShellRegionKind =
  /** `'…'` */
  | 'single'
  /** `$'…'` */
  | 'ansi-c'
  /** `"…"` or `$"…"` */
  | 'double'
  /** The body of `<<EOF`: expansions and substitutions run. */
  | 'heredoc'
  /** The body of `<<'EOF'`: literal, up to a line equal to the delimiter. */
  | 'quoted-heredoc'
  /** `` `…` `` */
  | 'backquote'
  /** `$(…)` */
  | 'command-substitution'
  /** `<(…)` or `>(…)` */
  | 'process-substitution'
  /**
   * `$((…))`, `((…))`, `let …`, the operands of `[[ a -gt b ]]`, the values of `declare -i` / `local -i`,
   * indexed-array subscripts and substring bounds (`${v:i:n}`): read as arithmetic, where `a[$(cmd)]` runs cmd.
   */
  | 'arithmetic'
  /** `# …` to the end of the line. */
  | 'comment';

export interface ShellRegion {
  kind: ShellRegionKind;
  span: Span;
}

export interface ShellCommand {
  span: Span;
  /** The command's words: the name first, then its arguments (assignments before it excluded). */
  words: ShellWord[];
  /** The first word after quote removal, when it is literal: 'git', 'eval', '/bin/sh'. */
  name?: string;
  /** The command this one's output is piped into (`a | b`: a's is b). */
  pipedInto?: ShellCommand;
  /** What its statement feeds it on standard input: here-document bodies and here-string words. */
  stdin?: Span[];
}

export interface ShellWord {
  span: Span;
  /** The word after quote removal, when it has no expansion in it. */
  literal?: string;
  command: ShellCommand;
  /** 0 for the command name. */
  index: number;
}

export interface ShellParam {
  name: string;
  span: Span;
  /** `${name…}` rather than `$name`. */
  braced: boolean;
  /** `${#name}`: the value's length, a number, not the value. */
  length?: boolean;
}

/** Spans of `text` replaced by a single-quoted word of the same length (`'xxxx'`), as a splice of a quoted value would stand. */
export function maskAsQuotedWords(text: string, spans: readonly Span[]): string {
  if (!spans.length) return text;
  let out = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at || s.end - s.start < 2) continue;
    out += text.slice(at, s.start) + "'" + 'x'.repeat(s.end - s.start - 2) + "'";
    at = s.end;
  }
  return out + text.slice(at);
}

/**
 * Spans sorted by start, with the furthest end reached so far at each index: the spans holding an
 * offset are found from the last one starting at or before it, going back only while an earlier span
 * still reaches past the offset. An audit asks this for every splice, so a body of n words costs
 * about n log n, not n² (a span as long as the script makes it linear again, which nesting bounds).
 */
interface SpanIndex<T extends { span: Span }> {
  items: T[];
  reach: number[];
}

function spanIndex<T extends { span: Span }>(items: T[]): SpanIndex<T> {
  const sorted = [...items].sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const reach: number[] = [];
  let furthest = -1;
  for (const item of sorted) {
    furthest = Math.max(furthest, item.span.end);
    reach.push(furthest);
  }
  return { items: sorted, reach };
}

function holding<T extends { span: Span }>(index: SpanIndex<T>, offset: number): T[] {
  let lo = 0;
  let hi = index.items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.items[mid]!.span.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  const found: T[] = [];
  for (let i = lo - 1; i >= 0 && index.reach[i]! > offset; i--)
    if (index.items[i]!.span.end > offset) found.push(index.items[i]!);
  return found.reverse();
}

const indexes = new WeakMap<ShellScript, { words: SpanIndex<ShellWord>; regions: SpanIndex<ShellRegion> }>();

/** Everything that encloses an offset, outermost first: the regions and the words. */
export function enclosing(script: ShellScript, offset: number): { regions: ShellRegion[]; words: ShellWord[] } {
  let index = indexes.get(script);
  if (!index) {
    index = { words: spanIndex(script.commands.flatMap((c) => c.words)), regions: spanIndex(script.regions) };
    indexes.set(script, index);
  }
  return { regions: holding(index.regions, offset), words: holding(index.words, offset) };
}

/** The innermost quoting region an offset sits in ('none' when it is unquoted shell text). */
export function quotingAt(script: ShellScript, offset: number): ShellRegionKind | 'none' {
  const { regions } = enclosing(script, offset);
  for (let i = regions.length - 1; i >= 0; i--) {
    const kind = regions[i]!.kind;
    if (kind === 'arithmetic') continue;
    // Inside a substitution the text is shell code again, whatever quotes enclose the substitution.
    if (kind === 'command-substitution' || kind === 'process-substitution') return 'none';
    return kind;
  }
  return 'none';
}

/**
 * The last parses, by text: an editor re-lints a file on every keystroke, and all its bodies but the
 * one being typed in are the same text as before. The summaries are plain data, safe to share.
 */
const recent = new Map<string, ShellScript>();
const RECENT = 512;

/** Parses a shell body as bash. Never throws on bad input: a syntax error is a value. */
export function parseShell(text: string): ShellScript {
  const known = recent.get(text);
  if (known) {
    recent.delete(text);
    recent.set(text, known);
    return known;
  }
  const script = parseAnew(text);
  if (recent.size >= RECENT) recent.delete(recent.keys().next().value!);
  recent.set(text, script);
  return script;
}

/**
 * A lone surrogate (`"\ud800"` in a YAML double-quoted scalar) made one UTF-16 unit: GopherJS reads
 * a high one as the first half of a pair and swallows the next character with it, which shifts every
 * offset after it; U+FFFD keeps the length and is three UTF-8 bytes for both sides.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function parseAnew(original: string): ShellScript {
  const api = mvdan();
  const text = original.replace(LONE_SURROGATE, '\ufffd');
  const toIndex = utf16Offsets(text);
  const script: ShellScript = {
    text: original,
    commands: [],
    params: [],
    regions: [],
    assignments: [],
    guards: [],
    arithmeticNames: [],
    writes: [],
  };
  let file: GoNode;
  try {
    file = api.parser.Parse(text, '').__internal_object__;
  } catch (error) {
    const e = error as { Pos?: { Offset(): number }; Text?: string; message?: string };
    const offset = typeof e.Pos?.Offset === 'function' ? toIndex(e.Pos.Offset()) : 0;
    script.error = { offset, message: String(e.Text ?? e.message ?? error) };
    return script;
  }
  // Go strings are UTF-8 bytes, one per character: only a text with other characters needs decoding.
  const str = /^[\x00-\x7f]*$/.test(text) ? (s: string) => s : fromUtf8;
  const span = (n: GoNode): Span => ({ start: toIndex(n.Pos().Offset()), end: toIndex(n.End().Offset()) });
  const region = (kind: ShellRegionKind, s: Span) => script.regions.push({ kind, span: s });
  const ops = api.ops;
  const pipes: Array<{ left: Span; right: Span }> = [];
  /** The simple command of each statement, for the here-documents and here-strings it reads. */
  const stmtCommands = new Map<GoNode, ShellCommand>();
  const sole = (word: GoNode) => soleWord(word, span, str);
  /** `[[ word =~ regex ]]` (or `! [[ … ]]`, `[[ ! … ]]`) as the whole of a statement. */
  const testOf = (stmt: GoNode) => {
    if (goType(stmt) !== 'Stmt' || goType(stmt.Cmd) !== 'TestClause') return undefined;
    let x = stmt.Cmd.X;
    let negated = Boolean(stmt.Negated);
    if (goType(x) === 'UnaryTest' && x.Op === ops.testNot) {
      negated = !negated;
      x = x.X;
    }
    if (goType(x) !== 'BinaryTest' || x.Op !== ops.regexMatch || goType(x.Y) !== 'Word') return undefined;
    const subject = sole(x.X);
    if (!subject || !goItems(x.Y.Parts).every((p) => goType(p) === 'Lit')) return undefined;
    const at = span(x.Y);
    return { subject, pattern: text.slice(at.start, at.end), negated };
  };
  /** A statement that ends the run of the list it is in: `exit`, `return`, or a `{ …; exit; }` block. */
  const endsRun = (stmt: GoNode): boolean => {
    if (goType(stmt) !== 'Stmt') return false;
    const cmd = stmt.Cmd;
    const type = goType(cmd);
    if (type === 'Block') return endsRun(goItems(cmd.Stmts).at(-1));
    const name = type === 'CallExpr' ? literalOf(goItems(cmd.Args)[0], str) : undefined;
    return name === 'exit' || name === 'return';
  };
  const guard = (test: { subject: ShellSoleWord; pattern: string } | undefined, holds: Span | undefined) => {
    if (test && holds && holds.start < holds.end)
      script.guards.push({ subject: test.subject, pattern: test.pattern, holds });
  };
  /** `declare -i`, `local -ri`, `typeset -i`: their assignments evaluate the value as arithmetic. */
  const integers = new WeakSet<GoNode>();
  /**
   * Subscripts (`a[i]=…`, `${a[i]}`) and substring bounds (`${v:i:n}`), which bash evaluates as
   * arithmetic: the root node of each, and the array it indexes (none for a bound). A subscript of an
   * array the body declares associative (`declare -A m`) is a string key instead.
   */
  const indexRoots = new WeakSet<GoNode>();
  const indexes: Array<{ array?: string; span: Span }> = [];
  const associative = new Set<string>();
  const arithmeticIndex = (root: GoNode, array?: string) => {
    indexRoots.add(root);
    indexes.push({ ...(array !== undefined ? { array } : {}), span: span(root) });
    region('arithmetic', span(root));
  };
  walkGo(file, (node, type, stack, types) => {
    /** Where the list holding the statement on top of the stack ends, when it is the script, a block or a subshell. */
    const listEnd = (): number | undefined =>
      ['File', 'Block', 'Subshell'].includes(types[types.length - 2]!) ? span(stack[stack.length - 2]).end : undefined;
    switch (type) {
      case 'SglQuoted':
        region(node.Dollar ? 'ansi-c' : 'single', span(node));
        break;
      case 'DblQuoted':
        region('double', span(node));
        break;
      case 'CmdSubst':
        region(node.Backquotes ? 'backquote' : 'command-substitution', span(node));
        break;
      case 'ProcSubst':
        region('process-substitution', span(node));
        break;
      case 'ArithmExp':
      case 'ArithmCmd':
      case 'LetClause':
        region('arithmetic', span(node));
        break;
      case 'Comment':
        region('comment', span(node));
        break;
      case 'BinaryTest':
        if (ops.arithmeticTests.has(node.Op)) {
          region('arithmetic', span(node.X));
          region('arithmetic', span(node.Y));
        }
        break;
      case 'BinaryCmd': {
        const op = node.Op;
        if (op === ops.pipe || op === ops.pipeAll) pipes.push({ left: span(node.X), right: span(node.Y) });
        const test = op === ops.and || op === ops.or ? testOf(node.X) : undefined;
        if (!test || test.negated) break;
        if (op === ops.and) guard(test, span(node.Y));
        else if (endsRun(node.Y)) {
          const end = listEnd();
          if (end !== undefined) guard(test, { start: span(node).end, end });
        }
        break;
      }
      case 'IfClause': {
        const cond = goItems(node.Cond);
        const then = goItems(node.Then);
        const test = cond.length === 1 && then.length ? testOf(cond[0]) : undefined;
        if (!test) break;
        if (!test.negated) guard(test, { start: span(then[0]).start, end: span(then.at(-1)).end });
        else if (endsRun(then.at(-1)) && types.at(-1) === 'Stmt') {
          const end = listEnd();
          if (end !== undefined) guard(test, { start: span(node).end, end });
        }
        break;
      }
      case 'DeclClause':
        if (declaresFlag(node, 'i', str)) integers.add(node);
        if (declaresFlag(node, 'A', str))
          for (const a of goItems(node.Args)) if (goType(a.Name)) associative.add(str(a.Name.Value));
        break;
      case 'CaseClause':
        caseGuards(node, sole, span, str, ops, endsRun, types.at(-1) === 'Stmt' ? listEnd() : undefined, guard);
        break;
      case 'Assign':
        if (integers.has(stack.at(-1)) && !node.Naked && goType(node.Value)) region('arithmetic', span(node.Value));
        if (goType(node.Index) && goType(node.Name)) arithmeticIndex(node.Index, str(node.Name.Value));
        if (goType(node.Name) && !goType(node.Index) && !goType(node.Array)) {
          const assignment: ShellAssignment = { name: str(node.Name.Value), span: span(node) };
          const value = node.Append ? undefined : sole(node.Value);
          if (value) assignment.value = value;
          script.assignments.push(assignment);
        }
        break;
      case 'Word': {
        // Most words are not arithmetic: ask the walk's stack before reading the word's parts.
        const name = readAsArithmetic(ops, node, stack, types, integers, indexRoots) ? literalOf(node, str) : undefined;
        if (name && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
          script.arithmeticNames.push({ name, span: span(node), braced: false });
        break;
      }
      case 'Redirect': {
        if (goType(node.Hdoc))
          region(quotedDelimiter(goType(node.Word) && node.Word) ? 'quoted-heredoc' : 'heredoc', span(node.Hdoc));
        const input = goType(node.Hdoc)
          ? node.Hdoc
          : node.Op === ops.hereString && goType(node.Word)
            ? node.Word
            : undefined;
        const reader = input && stmtCommands.get(stack.at(-1));
        if (reader) reader.stdin = [...(reader.stdin ?? []), span(input)];
        // `> f`, `>> f`: the statement it belongs to (on top of the walk) writes f.
        const file = ops.writeRedirects.has(node.Op) && goType(node.Word) ? literalOf(node.Word, str) : undefined;
        if (file && types.at(-1) === 'Stmt') script.writes.push({ file, span: span(stack.at(-1)) });
        break;
      }
      case 'ParamExp':
        if (goType(node.Index) && !/^[@*]$/.test(literalOf(node.Index, str) ?? '') && goType(node.Param))
          arithmeticIndex(node.Index, str(node.Param.Value));
        if (goType(node.Slice)) {
          if (goType(node.Slice.Offset)) arithmeticIndex(node.Slice.Offset);
          if (goType(node.Slice.Length)) arithmeticIndex(node.Slice.Length);
        }
        if (goType(node.Param))
          script.params.push({
            name: str(node.Param.Value),
            span: span(node),
            braced: !node.Short,
            ...(node.Length ? { length: true } : {}),
          });
        break;
      case 'CallExpr': {
        const command: ShellCommand = { span: span(node), words: [] };
        goItems(node.Args).forEach((w, index) => {
          const word: ShellWord = { span: span(w), command, index };
          const literal = literalOf(w, str);
          if (literal !== undefined) word.literal = literal;
          command.words.push(word);
        });
        const name = command.words[0]?.literal;
        if (name !== undefined) command.name = name;
        if (command.words.length) {
          command.span = { start: command.words[0]!.span.start, end: command.span.end };
          script.commands.push(command);
          if (types.at(-1) === 'Stmt') stmtCommands.set(stack.at(-1), command);
        }
        // `… | tee [-a] FILE`: what the pipeline before it prints goes to FILE.
        if (name !== undefined && name.slice(name.lastIndexOf('/') + 1) === 'tee') {
          const whole = outermostPipeline(stack, types, ops);
          for (const w of command.words.slice(1))
            if (w.literal !== undefined && !w.literal.startsWith('-'))
              script.writes.push({ file: w.literal, span: whole ? span(whole) : command.span });
        }
        break;
      }
    }
  });
  linkPipes(script.commands, pipes);
  const keys = indexes.filter((i) => i.array !== undefined && associative.has(i.array)).map((i) => i.span);
  if (keys.length) {
    const within = (s: Span) => keys.some((k) => k.start <= s.start && s.end <= k.end);
    const key = (s: Span) => keys.some((k) => k.start === s.start && k.end === s.end);
    script.regions = script.regions.filter((r) => r.kind !== 'arithmetic' || !key(r.span));
    script.arithmeticNames = script.arithmeticNames.filter((n) => !within(n.span));
  }
  script.regions.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  return script;
}

/**
 * A node of mvdan's syntax tree as GopherJS holds it: the Go struct behind the JavaScript wrapper its
 * API hands out (`__internal_object__`). The wrapper converts every field and every node on each
 * access, and syntax.Walk wraps each node it visits: reading the Go values directly makes the
 * summary of a body about ten times faster (12 ms → 1 ms for a typical workflow's script). Fields
 * keep their Go names; a slice is `{ $array, $offset, $length }`; a Go string holds UTF-8 bytes; a
 * nil pointer is a (truthy) object, so presence is asked of goType.
 */
type GoNode = any;

const NODE_TYPE = '*syntax.';

/** The node's syntax type ('CallExpr'), or undefined for a nil pointer, a nil interface or a non-node. */
function goType(value: GoNode): string | undefined {
  const name = value?.constructor?.string;
  return typeof name === 'string' && name.startsWith(NODE_TYPE) && value !== value.constructor.nil
    ? name.slice(NODE_TYPE.length)
    : undefined;
}

/** A Go slice's elements. */
function goItems(slice: GoNode): GoNode[] {
  if (!slice?.$array) return [];
  return slice.$array.slice(slice.$offset, slice.$offset + slice.$length);
}

/** Per struct type, the fields that can hold nodes (pointers, interfaces and slices of the syntax package). */
const nodeFields = new WeakMap<object, string[]>();

function fieldsOf(ctor: GoNode): string[] {
  let props = nodeFields.get(ctor);
  if (!props) {
    const fields: Array<{ prop: string; typ: { string: string; kind: number } }> = ctor.elem?.fields ?? [];
    props = fields
      .filter((f) => /^(?:\[\])?\*?syntax\./.test(f.typ.string) && f.typ.string !== 'syntax.Pos')
      .map((f) => f.prop);
    nodeFields.set(ctor, props);
  }
  return props;
}

/** Marks, on the walk's work list, the point where a node's children are done. */
const LEAVE = Symbol('leave');

/**
 * Every node under `root` (itself first), in the order of their fields, which for mvdan's structs is
 * the order of the source: what syntax.Walk visits, without wrapping each node. `visit` gets the
 * node's ancestors (outermost first) and their types. Iterative, so a deep tree costs no stack.
 */
function walkGo(
  root: GoNode,
  visit: (node: GoNode, type: string, ancestors: readonly GoNode[], types: readonly string[]) => void,
): void {
  const work: GoNode[] = [root];
  const ancestors: GoNode[] = [];
  const types: string[] = [];
  while (work.length) {
    const node = work.pop();
    if (node === LEAVE) {
      ancestors.pop();
      types.pop();
      continue;
    }
    const type = goType(node);
    if (type === undefined) continue;
    visit(node, type, ancestors, types);
    ancestors.push(node);
    types.push(type);
    work.push(LEAVE);
    const props = fieldsOf(node.constructor);
    for (let f = props.length - 1; f >= 0; f--) {
      const value = node[props[f]!];
      if (value?.$array)
        for (let i = value.$offset + value.$length - 1; i >= value.$offset; i--) work.push(value.$array[i]);
      else work.push(value);
    }
  }
}

/** Node's and every browser's; core's TypeScript library holds no DOM or Node types. */
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

/** A Go string (UTF-8 bytes, one per character) as text. */
function fromUtf8(bytes: string): string {
  if (/^[\x00-\x7f]*$/.test(bytes)) return bytes;
  return new TextDecoder().decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0)));
}

/** `a | b`: the commands of a (innermost pipes first, so `a | b | c` links a→b, b→c) feed b's first command. */
function linkPipes(commands: ShellCommand[], pipes: Array<{ left: Span; right: Span }>): void {
  const within = (s: Span, outer: Span) => s.start >= outer.start && s.end <= outer.end;
  pipes.sort(
    (a, b) =>
      a.left.end -
      a.left.start +
      (a.right.end - a.right.start) -
      (b.left.end - b.left.start + (b.right.end - b.right.start)),
  );
  for (const p of pipes) {
    const target = commands.find((c) => within(c.span, p.right));
    if (!target) continue;
    for (const c of commands) if (!c.pipedInto && within(c.span, p.left)) c.pipedInto = target;
  }
}

/** The outermost `a | b | …` the statement on top of the stack belongs to, if any. */
function outermostPipeline(stack: readonly GoNode[], types: readonly string[], ops: Mvdan['ops']): GoNode | undefined {
  let found: GoNode | undefined;
  for (let i = stack.length - 1; i >= 0; i--) {
    const t = types[i];
    if (t === 'BinaryCmd' && (stack[i].Op === ops.pipe || stack[i].Op === ops.pipeAll)) found = stack[i];
    else if (t !== 'Stmt') break;
  }
  return found;
}

const ARITHMETIC = new Set(['ArithmExp', 'ArithmCmd', 'LetClause']);
const INSIDE_ARITHMETIC = new Set(['BinaryArithm', 'UnaryArithm', 'ParenArithm']);

/**
 * Whether a word is read as arithmetic: in $(( )), (( )), let, as an operand of [[ -gt ]], or as the
 * value of a `declare -i` assignment.
 */
function readAsArithmetic(
  ops: Mvdan['ops'],
  word: GoNode,
  stack: readonly GoNode[],
  types: readonly string[],
  integers: WeakSet<GoNode>,
  indexRoots: WeakSet<GoNode>,
): boolean {
  if (indexRoots.has(word)) return true;
  if (types.at(-1) === 'BinaryTest') return ops.arithmeticTests.has(stack.at(-1).Op);
  if (types.at(-1) === 'Assign')
    return integers.has(stack.at(-2)) && !stack.at(-1).Naked && stack.at(-1).Value === word;
  for (let i = types.length - 1; i >= 0; i--) {
    if (ARITHMETIC.has(types[i]!) || indexRoots.has(stack[i])) return true;
    if (!INSIDE_ARITHMETIC.has(types[i]!)) return false;
  }
  return false;
}

/** A word that is one expansion: `$x`, `${x}`, `${x:-d}`, `"$x"`, or a single-quoted word (a masked splice). */
function soleWord(word: GoNode, span: (n: GoNode) => Span, str: (s: string) => string): ShellSoleWord | undefined {
  if (goType(word) !== 'Word') return undefined;
  const parts = goItems(word.Parts);
  if (parts.length !== 1) return undefined;
  let part = parts[0];
  if (goType(part) === 'SglQuoted' && !part.Dollar) return { span: span(word) };
  if (goType(part) === 'DblQuoted') {
    const inner = goItems(part.Parts);
    if (inner.length !== 1) return undefined;
    part = inner[0];
  }
  // Length, indirection, slices and replacements make another value than the variable's.
  const plain =
    goType(part) === 'ParamExp' &&
    goType(part.Param) &&
    !part.Length &&
    !part.Excl &&
    !part.Width &&
    !goType(part.Index) &&
    !goType(part.Slice) &&
    !goType(part.Repl) &&
    !part.Names;
  return plain ? { span: span(word), param: str(part.Param.Value) } : undefined;
}

/** `declare`, `local` or `typeset` with an option cluster holding a flag (`-i`, `-ri`, `-A`). */
function declaresFlag(decl: GoNode, flag: string, str: (s: string) => string): boolean {
  if (!['declare', 'local', 'typeset'].includes(str(decl.Variant?.Value ?? ''))) return false;
  return goItems(decl.Args).some(
    (a) =>
      a.Naked && !goType(a.Name) && (/^-([a-zA-Z]*)/.exec(literalOf(a.Value, str) ?? '')?.[1] ?? '').includes(flag),
  );
}

/** Characters a `case` guard may name: the ones a shell reads as nothing but text. */
const PLAIN = /^[A-Za-z0-9_.,:@%=/+-]+$/;

/**
 * The guards a `case` on one expansion sets: an arm whose patterns are all literal words runs with
 * the value equal to one of them (`open|closed) HERE`), unless the arm before falls through into it;
 * and an arm with a `*[!class]*` pattern whose body exits, when every arm before it exits too, lets
 * only values of that class past the `case` (`''|*[!0-9]*) exit 1;;`). Glob patterns match the whole
 * value, newlines included, unlike `grep -q`, which passes a value when any one of its lines matches.
 */
function caseGuards(
  clause: GoNode,
  sole: (word: GoNode) => ShellSoleWord | undefined,
  span: (n: GoNode) => Span,
  str: (s: string) => string,
  ops: Mvdan['ops'],
  endsRun: (stmt: GoNode) => boolean,
  listEnd: number | undefined,
  guard: (test: { subject: ShellSoleWord; pattern: string }, holds: Span) => void,
): void {
  const subject = sole(clause.Word);
  if (!subject) return;
  let allExit = true;
  let previous: GoNode | undefined;
  for (const item of goItems(clause.Items)) {
    const patterns = goItems(item.Patterns).map((w) =>
      goItems(w.Parts).every((p) => goType(p) === 'Lit')
        ? str(
            goItems(w.Parts)
              .map((p) => p.Value)
              .join(''),
          )
        : undefined,
    );
    const stmts = goItems(item.Stmts);
    const body = stmts.length ? { start: span(stmts[0]).start, end: span(stmts.at(-1)).end } : undefined;
    if (body && previous?.Op !== ops.caseFallthrough && patterns.every((p) => p !== undefined && PLAIN.test(p)))
      guard({ subject, pattern: `^(${patterns.map((p) => p!.replace(/[.+]/g, '\\$&')).join('|')})$` }, body);
    const exits = body !== undefined && endsRun(stmts.at(-1));
    const reject = patterns.map((p) => p && /^\*\[[!^]([^\]]+)\]\*$/.exec(p)?.[1]).find((c) => c && PLAIN.test(c));
    if (reject && exits && allExit && listEnd !== undefined)
      guard({ subject, pattern: `^[${reject}]*$` }, { start: span(clause).end, end: listEnd });
    allExit &&= exits;
    previous = item;
  }
}

/** A here-document delimiter with any quoting (`'EOF'`, `"EOF"`, `\EOF`) makes the body literal. */
function quotedDelimiter(word: GoNode | undefined): boolean {
  if (!word) return false;
  return goItems(word.Parts).some((p) => {
    const t = goType(p);
    return t === 'SglQuoted' || t === 'DblQuoted' || (t === 'Lit' && String(p.Value).includes('\\'));
  });
}

/** The word after quote removal, when it is made of literal text and quotes with no expansion. */
function literalOf(word: GoNode, str: (s: string) => string): string | undefined {
  if (goType(word) !== 'Word') return undefined;
  let out = '';
  for (const part of goItems(word.Parts)) {
    const t = goType(part);
    if (t === 'Lit') out += str(part.Value).replace(/\\(.)/gs, '$1');
    else if (t === 'SglQuoted' && !part.Dollar) out += str(part.Value);
    else if (t === 'DblQuoted') {
      for (const inner of goItems(part.Parts)) {
        if (goType(inner) !== 'Lit') return undefined;
        out += str(inner.Value).replace(/\\([$`"\\])/g, '$1');
      }
    } else return undefined;
  }
  return out;
}

/** mvdan's offsets are UTF-8 bytes; orchlint's are UTF-16 units. Identity for ASCII text. */
function utf16Offsets(text: string): (byte: number) => number {
  if (/^[\x00-\x7f]*$/.test(text)) return (b) => b;
  const byIndex: number[] = [];
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    const n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    for (let k = 0; k < n; k++) byIndex[bytes + k] = i;
    bytes += n;
    if (c >= 0x10000) i++;
  }
  byIndex[bytes] = text.length;
  return (b) => byIndex[Math.min(b, bytes)] ?? text.length;
}

interface Mvdan {
  parser: { Parse(text: string, name: string): { __internal_object__: GoNode } };
  ops: {
    pipe: number;
    pipeAll: number;
    and: number;
    or: number;
    regexMatch: number;
    testNot: number;
    /** `<<<` */
    hereString: number;
    /** `;&`: the arm's body runs on into the next arm's without testing it. */
    caseFallthrough: number;
    arithmeticTests: ReadonlySet<number>;
    /** `>`, `>>`, `>|`, `&>`, `&>>`. */
    writeRedirects: ReadonlySet<number>;
  };
}

let loaded: Mvdan | undefined;

/**
 * The parser, made on first use. Operator codes are mvdan's internal token numbers: read from a
 * parse of a probe script rather than written down, so they hold for whatever build is installed.
 */
function mvdan(): Mvdan {
  if (loaded) return loaded;
  const { syntax } = loadMvdanSh() as { syntax: GoNode };
  const parser = syntax.NewParser(syntax.KeepComments(true), syntax.Variant(syntax.LangBash));
  const opsIn = (src: string, type: string): number[] => {
    const found: number[] = [];
    walkGo(parser.Parse(src, '').__internal_object__, (n, t) => {
      if (t === type) found.push(n.Op);
    });
    return found;
  };
  const [pipe, pipeAll, and, or] = opsIn('a | b\na |& b\na && b\na || b', 'BinaryCmd');
  const [regexMatch] = opsIn('[[ a =~ b ]]', 'BinaryTest');
  const [testNot] = opsIn('[[ ! a ]]', 'UnaryTest');
  const [hereString] = opsIn('a <<< b', 'Redirect');
  const [, caseFallthrough] = opsIn('case x in a) ;; b) ;& c) ;;& esac', 'CaseItem');
  const arithmeticTests = new Set(
    opsIn('[[ a -eq b ]]\n[[ a -ne b ]]\n[[ a -lt b ]]\n[[ a -le b ]]\n[[ a -gt b ]]\n[[ a -ge b ]]', 'BinaryTest'),
  );
  const writeRedirects = new Set(opsIn('a > f\na >> f\na >| f\na &> f\na &>> f', 'Redirect'));
  loaded = {
    parser,
    ops: {
      pipe: pipe!,
      pipeAll: pipeAll!,
      and: and!,
      or: or!,
      regexMatch: regexMatch!,
      testNot: testNot!,
      hereString: hereString!,
      caseFallthrough: caseFallthrough!,
      arithmeticTests,
      writeRedirects,
    },
  };
  return loaded;
}
