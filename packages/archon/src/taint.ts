import {
  effectiveCommand,
  enclosing,
  fedTo,
  isScalar,
  memoized,
  plainPath,
  programTextAt,
  quotingAt,
  reEvaluation,
  runsFile,
  scalarValue,
  xargsProgram,
  type Confidence,
  type ShellScript,
  type ShellSoleWord,
  type Source,
  type Span,
  type TreeNode,
} from '@orchlint/core';
import {
  isAiNode,
  type ArchonNode,
  type IncludeResolution,
  type ShellBody,
  type Splice,
  type WorkflowModel,
} from './model.js';
import { inputEnvKey } from './facts.js';

/**
 * How untrusted text reaches the text a shell or interpreter runs, per `../shared/spec/archon-shell.md`
 * (Archon 0.9, each point confirmed with the engine's own substitution: test/security/archon-payloads.ts).
 * A source is text an outsider can shape: the run's message and issue context, a loop's user reply,
 * an AI node's output (its prompt carries that text, or files and pages the agent reads), an approval
 * comment, a caller's inputs. A sink is a place in a shell body where Archon's one defence, splicing
 * `$id.output` as one single-quoted word, does not hold, or where a shell parses the text again.
 */
export interface TaintSource {
  /** How a message names it: "the output of AI node 'plan'", "$ARGUMENTS (the message that started the run)". */
  label: string;
  confidence: Confidence;
}

export type ShellSink =
  | 're-evaluation'
  | 'program-text'
  | 'double-quotes'
  | 'author-quotes'
  | 'backquotes'
  | 'heredoc'
  | 'quoted-heredoc'
  | 'comment'
  | 'arithmetic'
  | 'option';

export interface ShellFlow {
  node: ArchonNode;
  surface: string;
  /** The reference as written: `$plan.output.title`, `$ARGUMENTS`. */
  text: string;
  /** In the source file. */
  span: Span;
  source: TaintSource;
  sink: ShellSink;
  /** For re-evaluation, how ('eval', 'bash -c', 'piped into sh'); for program text, sed or awk; for an option, the program. */
  how?: string;
  /** For an option: the value reaches the program's arguments through xargs, split into words. */
  viaXargs?: boolean;
  confidence: Confidence;
  /** A quoted splice of the engine (undefined for an environment variable the shell expands). */
  splice?: Splice;
  /** For a value written to a file that the body then runs: that file. */
  file?: string;
  /**
   * For a caller's `with:` value that an included block splices raw at load (`$INPUTS.title`): the
   * block's reference, the words that say where it stands, and its place in the block's file.
   */
  included?: { input: string; env: string; where: string; related: { source: Source; span: Span } };
}

export interface ScriptFlow {
  node: ArchonNode;
  text: string;
  span: Span;
  source: TaintSource;
  confidence: Confidence;
}

export interface SecondOrderFlow {
  node: ArchonNode;
  surface: string;
  text: string;
  span: Span;
  source: TaintSource;
  confidence: Confidence;
}

const RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };
export function weaker(a: Confidence, b: Confidence): Confidence {
  return RANK[a] <= RANK[b] ? a : b;
}

/** Programs where an argument that starts with '-' is an option that runs code or writes files. */
export const OPTION_PROGRAMS: ReadonlyMap<string, string> = new Map([
  ['git', '--upload-pack=…, -c core.sshCommand=…, --output=…'],
  ['gh', '--repo=…, --hostname=…, -F @file'],
  ['curl', '-o FILE, -K FILE, --config=…'],
  ['wget', '-O FILE, --post-file=…, -e …'],
  ['ssh', '-oProxyCommand=…'],
  ['scp', '-oProxyCommand=…, -S PROGRAM'],
  ['rsync', '-e PROGRAM, --rsync-path=…'],
  ['tar', '--to-command=…, --checkpoint-action=exec=…'],
  ['find', '-exec …, -delete, -fprint FILE'],
  ['xargs', '-I, -a FILE'],
  ['zip', '-T -TT PROGRAM'],
  ['sed', '-e …, -i, --file=…'],
  ['sort', '--compress-program=…, -o FILE'],
  ['rm', '-rf'],
  ['cp', '-t DIR, --target-directory=…'],
  ['mv', '-t DIR, --target-directory=…'],
  ['docker', '--privileged, -v /:/host'],
  ['kubectl', '--kubeconfig=…, --server=…'],
  ['npm', '--registry=…, --script-shell=…'],
  ['pip', '--index-url=…, -r FILE'],
]);

/**
 * Options of those programs that take the next word as their value (`git commit -m "$msg"`, `gh pr
 * create --body "$b"`): one quoted word after them is that value, whatever it starts with.
 */
const VALUE_OPTIONS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    git: '-m --message -b -B -C -c -F --file --author --format --pretty --branch --grep -n --depth --since --until -S -G',
    gh: '-b --body -t --title -R --repo -l --label -B --base -H --head --json -q --jq -a --assignee -m --milestone -F --body-file -s --state -L --limit -S --search -r --reviewer -p --project -T --template',
    curl: '-d --data --data-raw --data-binary --data-urlencode -H --header -X --request -A --user-agent -e --referer -b --cookie -F --form -u --user',
    wget: '--header --post-data -U --user-agent',
    find: '-name -iname -path -ipath -type -newer -maxdepth -mindepth -regex',
    docker: '-e --env -t --tag --name -w --workdir -l --label',
    kubectl: '-n --namespace -l --selector -o --output -c --container',
    tar: '-f --file -C --directory',
    rsync: '--exclude --include',
    cp: '-t --target-directory',
    mv: '-t --target-directory',
    sort: '-k -t',
    pip: '-r --requirement',
  }).map(([program, options]) => [program, new Set(options.split(' '))]),
);

/** Whether a word is an option of the program that takes the next word as its value (`-m`, `--body`, `-am`). */
function takesValue(program: string, word: string | undefined): boolean {
  const options = VALUE_OPTIONS.get(program);
  if (!options || word === undefined) return false;
  if (options.has(word)) return true;
  // A cluster of short flags (`git commit -am`) takes a value when its last one does.
  return /^-[a-zA-Z]{2,}$/.test(word) && options.has(`-${word.at(-1)}`);
}

const USER_VARIABLES: ReadonlyMap<string, string> = new Map([
  ['ARGUMENTS', 'the message that started the run'],
  ['USER_MESSAGE', 'the message that started the run'],
  ['CONTEXT', 'the issue or pull request text'],
  ['EXTERNAL_CONTEXT', 'the issue or pull request text'],
  ['ISSUE_CONTEXT', 'the issue or pull request text'],
  ['LOOP_USER_INPUT', "a user's reply to the loop"],
]);

/** What an outsider can place in a node's output, if anything (cycles read as untainted). */
const outputTaint = memoized((model: WorkflowModel) => {
  const seen = new Map<ArchonNode, TaintSource | null>();
  const of = (node: ArchonNode): TaintSource | undefined => {
    if (seen.has(node)) return seen.get(node) ?? undefined;
    seen.set(node, null);
    const found = compute(node);
    seen.set(node, found ?? null);
    return found;
  };
  const compute = (node: ArchonNode): TaintSource | undefined => {
    if (node.kind === 'command')
      return {
        label: `the output of AI node ${name(node)} (its command file, unread here, sets what it sees)`,
        confidence: 'medium',
      };
    if (node.kind === 'loop_group') {
      // Its output is a body node's: as untrusted as the most untrusted of them.
      const inner = (node.body?.nodes ?? []).map(of).filter((t): t is TaintSource => t !== undefined);
      const strong = inner.find((t) => t.confidence === 'high') ?? inner[0];
      return (
        strong && { label: `the output of loop_group ${name(node)} (${strong.label})`, confidence: strong.confidence }
      );
    }
    if (isAiNode(node) || node.kind === 'loop') {
      // An agent whose prompt carries outsider text answers as that text steers it; one with a fixed
      // prompt can still be steered by the files and pages it reads.
      const input = untrustedPrompt(model, node);
      return input
        ? {
            label: `the output of AI node ${name(node)}, whose prompt carries ${input.label}`,
            confidence: input.confidence === 'high' ? 'high' : 'medium',
          }
        : { label: `the output of AI node ${name(node)} (what it reads may carry instructions)`, confidence: 'medium' };
    }
    if (node.kind === 'approval') {
      const capture = node.blocks.get('approval')?.byKey.get('capture_response')?.value === true;
      return capture
        ? { label: `the approval comment captured by node ${name(node)}`, confidence: 'medium' }
        : undefined;
    }
    if (node.kind === 'workflow')
      return { label: `the result of sub-workflow node ${name(node)}`, confidence: 'medium' };
    if (node.kind === 'bash' || node.kind === 'script') {
      // A shell node's output carries untrusted text when its own body reads some.
      const read = readsTainted(model, node, of);
      return read
        ? { label: `the output of ${node.kind} node ${name(node)}, which prints ${read.label}`, confidence: 'medium' }
        : undefined;
    }
    return undefined;
  };
  return of;
});

function readsTainted(
  model: WorkflowModel,
  node: ArchonNode,
  of: (n: ArchonNode) => TaintSource | undefined,
): TaintSource | undefined {
  for (const ref of node.outputRefs) {
    if (ref.surface !== 'bash' && ref.surface !== 'script') continue;
    const producer = model.analysis.resolve(node, ref.id);
    const t = producer && producer !== node ? of(producer) : undefined;
    if (t && !fieldBound(producer!, ref.field)) return t;
  }
  for (const body of node.shells)
    for (const p of body.script.params) {
      const t = p.length ? undefined : paramSource(p.name, body);
      if (t) return t;
    }
  return undefined;
}

function name(node: ArchonNode): string {
  return node.id !== undefined ? `'${node.id}'` : `#${node.index + 1}`;
}

/** An environment variable of a shell body that carries outsider text there. */
function paramSource(param: string, body: ShellBody): TaintSource | undefined {
  const what = USER_VARIABLES.get(param);
  if (what) return { label: `$${param} (${what})`, confidence: 'high' };
  if (param === 'LOOP_PREV_OUTPUT') {
    if (body.surface === 'loop.until_bash')
      return { label: "$LOOP_PREV_OUTPUT (the previous iteration's AI output)", confidence: 'high' };
    if (body.surface === 'loop_group.until_bash')
      return { label: "$LOOP_PREV_OUTPUT (the previous iteration's output)", confidence: 'medium' };
  }
  if (param.startsWith('INPUTS_'))
    return { label: `$${param} (an input the run's caller supplies)`, confidence: 'low' };
  return undefined;
}

/** The source of a splice, unless its value is bounded to safe text (for an option: to text not starting with '-'). */
function spliceSource(model: WorkflowModel, body: ShellBody, splice: Splice, option: boolean): TaintSource | undefined {
  if (splice.kind === 'loop-user-input')
    return { label: "$LOOP_USER_INPUT (a user's reply to the loop)", confidence: 'high' };
  const producer = spliceProducer(model, body, splice);
  if (!producer) return undefined;
  const bound =
    fieldBound(producer, splice.field) ?? (splice.kind === 'output' ? whenBound(body.node, splice) : undefined);
  if (bound === 'safe' || (bound === 'no-option' && !option)) return undefined;
  return outputTaint(model)(producer);
}

/**
 * A node whose `when:` holds only if the value equals a literal (`$review.output.status == 'ok'`, in
 * every `||` branch) runs with that value and no other: the engine compares the same text it splices.
 */
function whenBound(node: ArchonNode, splice: Splice): 'safe' | 'no-option' | undefined {
  const condition = node.when?.condition;
  if (!condition) return undefined;
  const pinned = condition.disjuncts.map(
    (atoms) =>
      atoms.find(
        (a) =>
          a.op === '==' &&
          a.problems.length === 0 &&
          a.left?.scope === 'node' &&
          a.left.name === splice.id &&
          (a.left.form === 'whole' ? splice.field === undefined : a.left.field === splice.field),
      )?.literal?.value,
  );
  if (!pinned.length || pinned.some((v) => v === undefined || !SAFE_TEXT.test(v))) return undefined;
  return pinned.some((v) => v!.startsWith('-')) ? 'no-option' : 'safe';
}

function spliceProducer(model: WorkflowModel, body: ShellBody, splice: Splice): ArchonNode | undefined {
  if (splice.id === undefined) return undefined;
  if (splice.kind === 'loop-prev') {
    const group = body.node.kind === 'loop_group' ? body.node : body.node.scope.owner;
    return group?.body?.byId.get(splice.id);
  }
  return model.analysis.resolve(body.node, splice.id);
}

const SAFE_TEXT = /^[A-Za-z0-9_.,:@%+=/-]*$/;
/** A pattern of literal characters, safe classes, quantifiers and groups only: no `.`, no negated class. */
const SAFE_PATTERN =
  /^(?:[A-Za-z0-9_,:@%=/-]|\\[.\-dw+/_]|\[(?:[A-Za-z0-9_.,:@%=/+-]|\\[dw.-])+\]|[+*?]|\{\d+(?:,\d*)?\}|[()|])*$/;

/**
 * Whether an `output_format` field can only hold text no shell reads as code ('safe'), or that and
 * never a leading '-' ('no-option' means only the first); undefined when it is free text. The engine
 * validates a structured payload against the schema before it becomes the output (DE:2788), so an
 * enum, a const, a number type or an anchored pattern of safe characters really bounds it; an
 * unanchored pattern matches anywhere in a value and bounds nothing.
 */
export function fieldBound(producer: ArchonNode, field: string | undefined): 'safe' | 'no-option' | undefined {
  if (field === undefined) return undefined;
  // A field the output_format does not declare is never read: the reference throws and the node
  // fails before anything runs (archon/output-field-undeclared).
  if (producer.outputFormat?.known && !producer.outputFormat.properties.has(field)) return 'safe';
  const schema = producer.outputFormat?.properties.get(field)?.schema;
  if (!schema) return undefined;
  const get = (key: string) => childOf(schema, key);
  const values = (node: TreeNode | undefined): unknown[] | undefined => {
    if (!node) return undefined;
    if (isScalar(node)) return [node.value];
    const items = (node as { items?: unknown[] }).items;
    return Array.isArray(items) ? items.map((i) => (isScalar(i) ? i.value : Symbol())) : undefined;
  };
  const listed = values(get('enum')) ?? (get('const') ? values(get('const')) : undefined);
  if (listed) {
    const text = listed.map((v) =>
      typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined,
    );
    if (text.some((t) => t === undefined || !SAFE_TEXT.test(t))) return undefined;
    return text.some((t) => t!.startsWith('-')) ? 'no-option' : 'safe';
  }
  const type = scalarValue(get('type'));
  if (type === 'boolean') return 'safe';
  if (type === 'integer' || type === 'number') {
    const min = scalarValue(get('minimum'));
    return typeof min === 'number' && min >= 0 ? 'safe' : 'no-option';
  }
  const pattern = scalarValue(get('pattern'));
  return type === 'string' && typeof pattern === 'string' ? patternBound(pattern) : undefined;
}

/**
 * What text a regex lets through when a whole value must match it (an `output_format` pattern, a
 * `[[ $v =~ … ]]` test): bounded only when it is anchored at both ends and made of safe characters.
 */
function patternBound(pattern: string): 'safe' | 'no-option' | undefined {
  if (!/^\^.*\$$/s.test(pattern)) return undefined;
  const inner = pattern.slice(1, -1);
  if (!SAFE_PATTERN.test(inner) || !anchoredWhole(inner) || !plainRanges(inner)) return undefined;
  return mayStartWithDash(inner) ? 'no-option' : 'safe';
}

/** No `|` outside a group: `^[0-9]+|x$` is `^[0-9]+` or `x$`, and anchors neither alternative at both ends. */
function anchoredWhole(pattern: string): boolean {
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '[') i = pattern.indexOf(']', i + 1);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
    if (i < 0) return false;
  }
  return true;
}

/** Every range in a class runs within digits, lower-case or upper-case letters: `[%-@]` holds ; & ' ( ) < >. */
function plainRanges(pattern: string): boolean {
  for (const cls of pattern.matchAll(/\[((?:\\.|[^\]\\])+)\]/g))
    for (const range of cls[1]!.matchAll(/(?:\\.|[^\\])-(?:\\.|[^\\])/g))
      if (!/^(?:[0-9]-[0-9]|[a-z]-[a-z]|[A-Z]-[A-Z])$/.test(range[0]) || range[0][0]! > range[0][2]!) return false;
  return true;
}

/** Whether a safe pattern's first atom can match '-': a literal or escaped dash, or a class holding one outside a range. */
function mayStartWithDash(pattern: string): boolean {
  if (pattern.startsWith('-') || pattern.startsWith('\\-') || pattern.startsWith('(')) return true;
  const cls = /^\[((?:\\.|[^\]])+)\]/.exec(pattern);
  if (!cls) return false;
  const body = cls[1]!;
  if (body.includes('\\-')) return true;
  return body.replace(/(?:\\.|[^\\])-(?:\\.|[^\\])/g, '').includes('-');
}

function childOf(map: TreeNode, key: string): TreeNode | undefined {
  const items = (map as { items?: Array<{ key?: { value?: unknown }; value?: TreeNode }> }).items;
  if (!Array.isArray(items)) return undefined;
  for (const pair of items) if (isScalar(pair.key) && pair.key.value === key) return pair.value ?? undefined;
  return undefined;
}

/**
 * The sink a value spliced at `span` meets, if any. `masked`: the span holds a splice masked as the
 * quoted word it becomes (`'xxxx'`), so unquoted text around it means the author's quotes cancelled
 * Archon's; otherwise it holds text put there raw (an included block's `$INPUTS.x`), where the
 * author's `'…'` does that instead.
 */
function contextSink(
  body: ShellBody,
  span: Span,
  masked: boolean,
): (VariableSink & { confidence: Confidence }) | undefined {
  const script = body.script;
  const at = span.start + 1;
  const how = reEvaluation(script, at);
  if (how) return { sink: 're-evaluation', how, confidence: 'high' };
  const program = programTextAt(script, at);
  if (program) return { sink: 'program-text', how: program, confidence: 'high' };
  const { regions } = enclosing(script, at);
  if (regions.some((r) => r.kind === 'backquote')) return { sink: 'backquotes', confidence: 'high' };
  switch (quotingAt(script, at)) {
    case 'double':
      return { sink: 'double-quotes', confidence: 'high' };
    case 'none':
      if (masked) return { sink: 'author-quotes', confidence: 'high' };
      break;
    case 'single':
      if (!masked) return { sink: 'author-quotes', confidence: 'high' };
      break;
    case 'ansi-c':
      return { sink: 'author-quotes', confidence: 'high' };
    case 'heredoc':
      return { sink: 'heredoc', confidence: 'high' };
    case 'quoted-heredoc':
      return { sink: 'quoted-heredoc', confidence: 'medium' };
    case 'comment':
      return { sink: 'comment', confidence: 'high' };
  }
  if (regions.some((r) => r.kind === 'arithmetic')) return { sink: 'arithmetic', confidence: 'high' };
  const option = optionProgram(body, span, false) ?? throughXargs(body, span);
  if (option) return { ...option, sink: 'option', confidence: 'medium' };
  return undefined;
}

/**
 * The program a value reaches through `xargs PROG`, printed into it by `echo`/`printf` or fed to it as
 * a here-string or here-document: every word of the value is an argument of PROG there, however it
 * was quoted on the way in.
 */
function throughXargs(body: ShellBody, span: Span): { how: string; viaXargs: true } | undefined {
  const { words } = enclosing(body.script, span.start);
  const word = words[words.length - 1];
  const e = word && effectiveCommand(word.command);
  const printed =
    e &&
    word.index > e.start &&
    (e.name === 'echo' || e.name === 'printf') &&
    // printf's first operand is its format, not text it prints as is.
    !(e.name === 'printf' && word.index === e.start + 1);
  const program = xargsProgram(printed ? word.command.pipedInto : fedTo(body.script, span.start));
  return program && OPTION_PROGRAMS.has(program) ? { how: program, viaXargs: true } : undefined;
}

/** The program that reads a whole-word value (or, unquoted, any part of it) as its option, before any `--`. */
function optionProgram(body: ShellBody, span: Span, unquoted: boolean): { how: string } | undefined {
  const { words } = enclosing(body.script, span.start);
  const word = words[words.length - 1];
  if (!word) return undefined;
  const whole = word.span.start >= span.start - 1 && word.span.start <= span.start && word.span.end <= span.end + 1;
  if (!whole && !unquoted) return undefined;
  const e = effectiveCommand(word.command);
  if (!e || word.index <= e.start || !OPTION_PROGRAMS.has(e.name)) return undefined;
  for (let i = e.start + 1; i < word.index; i++) if (word.command.words[i]!.literal === '--') return undefined;
  // One quoted word after `-m` is the message; unquoted, its later words can still be options.
  if (!unquoted && takesValue(e.name, word.command.words[word.index - 1]?.literal)) return undefined;
  return { how: e.name };
}

/**
 * The untrusted text a variable of a body holds at an offset: a user variable, or a name assigned
 * one whole (`v=$ARGUMENTS`, `v="$v2"`, `v=$plan.output`) before it and not assigned again since.
 */
function bodyVariables(model: WorkflowModel, body: ShellBody): (name: string, at: number) => TaintSource | undefined {
  const assigned = new Map<string, Array<{ at: number; source: TaintSource | undefined }>>();
  const of = (name: string, at: number): TaintSource | undefined => {
    const last = assigned.get(name)?.findLast((a) => a.at <= at);
    return last ? last.source : paramSource(name, body);
  };
  for (const a of body.script.assignments) {
    const value = a.value;
    const splice = value && spliceAt(body, value.span);
    // `declare -i n=$v` evaluates the value once (the finding is there) and keeps the number.
    const integer = enclosing(body.script, a.span.end - 1).regions.some(
      (r) => r.kind === 'arithmetic' && r.span.start > a.span.start,
    );
    const held = integer
      ? undefined
      : value?.param !== undefined
        ? of(value.param, a.span.start)
        : splice
          ? spliceSource(model, body, splice, false)
          : undefined;
    const source = held && { label: `${held.label}, held in $${a.name}`, confidence: held.confidence };
    const list = assigned.get(a.name) ?? [];
    list.push({ at: a.span.end, source });
    assigned.set(a.name, list);
  }
  return of;
}

function spliceAt(body: ShellBody, span: Span): Splice | undefined {
  return body.splices.find((s) => s.span.start === span.start && s.span.end === span.end);
}

/** Per script, where each name is assigned, in document order. */
const assignedAt = new WeakMap<ShellScript, Map<string, number[]>>();

/** Where a name was last assigned before an offset (-1 when it was not). */
function lastAssigned(script: ShellScript, name: string, at: number): number {
  let byName = assignedAt.get(script);
  if (!byName) {
    byName = new Map();
    for (const a of script.assignments) {
      const starts = byName.get(a.name) ?? [];
      starts.push(a.span.start);
      byName.set(a.name, starts);
    }
    assignedAt.set(script, byName);
  }
  const starts = byName.get(name) ?? [];
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? starts[lo - 1]! : -1;
}

/**
 * Whether a `[[ … =~ ^…$ ]]` test or a `case` of the same value holds at an offset and bounds it to
 * safe text (for an option position: to text that cannot start with '-'), as
 * `if ! [[ $n =~ ^[0-9]+$ ]]; then exit 1; fi` does for every line after it.
 */
function guarded(body: ShellBody, at: number, value: { param?: string; splice?: Splice }, option: boolean): boolean {
  const same = (subject: ShellSoleWord) =>
    value.param !== undefined
      ? subject.param === value.param
      : value.splice !== undefined && spliceAt(body, subject.span)?.text === value.splice.text;
  // A variable assigned again after the test holds another value than the one tested.
  const assigned = value.param !== undefined ? lastAssigned(body.script, value.param, at) : -1;
  return body.script.guards.some((g) => {
    if (g.holds.start > at || at >= g.holds.end || !same(g.subject) || assigned >= g.holds.start) return false;
    const bound = patternBound(g.pattern);
    return bound === 'safe' || (bound === 'no-option' && !option);
  });
}

type VariableSink = { sink: ShellSink; how?: string; viaXargs?: boolean };

/** A sink's fields as a flow carries them (none left undefined). */
function sinkFields(s: VariableSink): VariableSink {
  return { sink: s.sink, ...(s.how ? { how: s.how } : {}), ...(s.viaXargs ? { viaXargs: true } : {}) };
}

/** The sink a variable's expansion meets: parsed again, read as arithmetic, or an option of a program. */
function variableSink(body: ShellBody, span: Span): VariableSink | undefined {
  const script = body.script;
  const how = reEvaluation(script, span.start);
  if (how) return { sink: 're-evaluation', how };
  // `$ARGUMENTS` unquoted as a command's name: split into words, the first runs with the rest as its arguments.
  const unquoted = quotingAt(script, span.start) === 'none';
  const word = enclosing(script, span.start).words.at(-1);
  if (unquoted && word?.index === 0 && word.span.start === span.start && word.span.end === span.end)
    return { sink: 're-evaluation', how: 'run as the command line it names' };
  const program = programTextAt(script, span.start);
  if (program) return { sink: 'program-text', how: program };
  if (enclosing(script, span.start).regions.some((r) => r.kind === 'arithmetic')) return { sink: 'arithmetic' };
  const option = optionProgram(body, span, unquoted) ?? throughXargs(body, span);
  return option ? { sink: 'option', ...option } : undefined;
}

/** Every path from an untrusted source to a shell sink in the model's shell bodies. */
export const shellFlows = memoized((model: WorkflowModel): ShellFlow[] => {
  const flows: ShellFlow[] = [];
  for (const node of model.nodes) {
    for (const body of node.shells) {
      const script = body.script;
      if (script.error) continue;
      const variable = bodyVariables(model, body);
      // One finding per place: the first sink found for it (a here-document before the file it fills).
      const reported = new Set<number>();
      const flow = (f: Omit<ShellFlow, 'node' | 'surface' | 'span'> & { at: Span }) => {
        const { at, ...rest } = f;
        if (reported.has(at.start)) return;
        reported.add(at.start);
        flows.push({ node, surface: body.surface, span: body.sourceSpan(at), ...rest });
      };
      for (const splice of body.splices) {
        const sink = contextSink(body, splice.span, true);
        if (!sink) continue;
        const source = spliceSource(model, body, splice, sink.sink === 'option');
        if (!source || guarded(body, splice.span.start, { splice }, sink.sink === 'option')) continue;
        flow({
          text: splice.text,
          at: splice.span,
          source,
          ...sinkFields(sink),
          confidence: weaker(source.confidence, sink.confidence),
          splice,
        });
      }
      // Parameter expansions ($v, ${v}) and bare names read as arithmetic ($(( v + 1 )), [[ v -gt 3 ]]).
      const expansions = [
        ...script.params.filter((p) => !p.length).map((p) => ({ ...p, arithmetic: false })),
        ...script.arithmeticNames.map((p) => ({ ...p, arithmetic: true })),
      ];
      for (const param of expansions) {
        // The source first: most variables are the script's own, and finding a sink costs a walk.
        const source = variable(param.name, param.span.start);
        const sink: VariableSink | undefined = !source
          ? undefined
          : param.arithmetic
            ? { sink: 'arithmetic' }
            : variableSink(body, param.span);
        if (!source || !sink) continue;
        const option = sink.sink === 'option';
        if (guarded(body, param.span.start, { param: param.name }, option)) continue;
        flow({
          text: script.text.slice(param.span.start, param.span.end),
          at: param.span,
          source,
          ...sinkFields(sink),
          confidence: weaker(source.confidence, option ? 'medium' : 'high'),
        });
      }
      writtenThenRun(model, body, variable, flow);
    }
    if (node.include?.resolution.kind === 'found') flows.push(...includedFlows(model, node, node.include.resolution));
  }
  return flows;
});

/**
 * An include's `with:` values are spliced raw into the block's text at load (`$INPUTS.title` becomes
 * the caller's `$plan.output`, IE:508), and only then is `$plan.output` substituted, quoted for a bare
 * word. So the block's quoting context decides, as for any splice; the finding stands on the caller's
 * value, which is what the author of this file wrote.
 */
function includedFlows(
  model: WorkflowModel,
  include: ArchonNode,
  found: Extract<IncludeResolution, { kind: 'found' }>,
): ShellFlow[] {
  const flows: ShellFlow[] = [];
  for (const ref of include.outputRefs) {
    const input = /^with\.([^.]+)/.exec(ref.surface)?.[1];
    const producer = input === undefined ? undefined : model.analysis.resolve(include, ref.id);
    const bound = producer && fieldBound(producer, ref.field);
    const source = producer && bound !== 'safe' ? outputTaint(model)(producer) : undefined;
    if (!source) continue;
    const reference = new RegExp(`\\$INPUTS\\.${input!.replace(/[^\w-]/g, '\\$&')}(?![A-Za-z0-9_-])`, 'g');
    for (const inner of found.workflow.nodes) {
      for (const body of inner.shells) {
        if (body.script.error) continue;
        for (const m of body.script.text.matchAll(reference)) {
          const span = { start: m.index, end: m.index + m[0].length };
          const sink = contextSink(body, span, false);
          if (!sink || (bound === 'no-option' && sink.sink !== 'option')) continue;
          const at = body.sourceSpan(span);
          const line = found.source.positionAt(at.start).line + 1;
          flows.push({
            node: inner,
            surface: body.surface,
            text: ref.text,
            span: ref.span,
            source,
            ...sinkFields(sink),
            confidence: weaker(source.confidence, sink.confidence),
            included: {
              input: m[0],
              env: inputEnvKey(input!),
              where: `of ${found.workflow.label} (${found.shown}:${line}), where ${m[0]} is replaced at load by the with.${input} text of ${include.label}`,
              related: { source: found.source, span: at },
            },
          });
        }
      }
    }
  }
  return flows;
}

/**
 * A value written into a file that the body then runs as code (`printf '%s' $plan.output > fix.sh`,
 * then `bash fix.sh` or `source fix.sh`): quoting it on the way in does not stop it running there.
 */
function writtenThenRun(
  model: WorkflowModel,
  body: ShellBody,
  variable: (name: string, at: number) => TaintSource | undefined,
  flow: (f: Omit<ShellFlow, 'node' | 'surface' | 'span'> & { at: Span }) => void,
): void {
  const script = body.script;
  if (!script.writes.length) return;
  // Each file the body runs, with where and how, in document order: read once, not per write.
  const runs = new Map<string, Array<{ at: number; how: string }>>();
  for (const c of script.commands) {
    const r = runsFile(c);
    if (!r) continue;
    const list = runs.get(r.file) ?? [];
    list.push({ at: c.span.start, how: r.how });
    runs.set(r.file, list);
  }
  for (const w of script.writes) {
    const run = runs.get(plainPath(w.file))?.find((r) => r.at >= w.span.end);
    if (!run) continue;
    const how = `${run.how === 'exec' ? 'running' : run.how} ${w.file}, the file it is written to`;
    const inside = (s: Span) => w.span.start <= s.start && s.end <= w.span.end;
    const written = [
      ...body.splices
        .filter((splice) => inside(splice.span))
        .map((splice) => ({ at: splice.span, text: splice.text, source: spliceSource(model, body, splice, false) })),
      ...script.params
        .filter((p) => inside(p.span) && !p.length && !guarded(body, p.span.start, { param: p.name }, false))
        .map((p) => ({
          at: p.span,
          text: script.text.slice(p.span.start, p.span.end),
          source: variable(p.name, p.span.start),
        })),
    ];
    for (const v of written) {
      if (!v.source) continue;
      flow({
        text: v.text,
        at: v.at,
        source: v.source,
        sink: 're-evaluation',
        how,
        confidence: weaker(v.source.confidence, 'high'),
        file: w.file,
      });
    }
  }
}

/** `$id.output` of an untrusted producer spliced raw into a bun or uv script's source (DE:3712). */
export const scriptFlows = memoized((model: WorkflowModel): ScriptFlow[] => {
  const flows: ScriptFlow[] = [];
  for (const node of model.nodes) {
    if (node.kind !== 'script') continue;
    for (const ref of node.outputRefs) {
      if (ref.surface !== 'script') continue;
      const producer = model.analysis.resolve(node, ref.id);
      if (!producer || fieldBound(producer, ref.field) === 'safe') continue;
      const source = outputTaint(model)(producer);
      if (source) flows.push({ node, text: ref.text, span: ref.span, source, confidence: source.confidence });
    }
  }
  return flows;
});

/**
 * A loop_group's values spliced in its first pass ($LOOP_PREV.*, $LOOP_USER_INPUT) are scanned
 * again by the `$id.output` pass (DE:4357 → 4844): a value holding `$other.output` gets that output
 * spliced inside its own quotes, which cancels them, whatever the quoting around the reference.
 */
export const secondOrderFlows = memoized((model: WorkflowModel): SecondOrderFlow[] => {
  const flows: SecondOrderFlow[] = [];
  const direct = new Set(shellFlows(model).flatMap((f) => (f.splice ? [f.splice] : [])));
  for (const node of model.nodes) {
    for (const body of node.shells) {
      if (!body.rescanned || body.script.error) continue;
      for (const splice of body.splices) {
        if (splice.kind === 'output' || direct.has(splice)) continue;
        const source = spliceSource(model, body, splice, false);
        if (!source) continue;
        flows.push({
          node,
          surface: body.surface,
          text: splice.text,
          span: body.sourceSpan(splice.span),
          source,
          confidence: weaker(source.confidence, 'medium'),
        });
      }
    }
  }
  return flows;
});

const USER_VARIABLE_REF =
  /\$(ARGUMENTS|USER_MESSAGE|CONTEXT|EXTERNAL_CONTEXT|ISSUE_CONTEXT|LOOP_USER_INPUT)(?![A-Za-z0-9_])/;

/**
 * The untrusted text an AI node's prompt carries, if any: a user variable written in `prompt:` or
 * `loop.prompt` (high), else the output of an untrusted producer spliced there (second-hand). A
 * `command:` node's prompt is in a command file orchlint does not read, so it is not judged.
 */
export function untrustedPrompt(model: WorkflowModel, node: ArchonNode): TaintSource | undefined {
  const prompts = [node.fields.get('prompt'), node.blocks.get('loop')?.byKey.get('prompt')];
  for (const field of prompts) {
    const m = typeof field?.value === 'string' ? USER_VARIABLE_REF.exec(field.value) : null;
    if (m) return { label: `$${m[1]} (${USER_VARIABLES.get(m[1]!)})`, confidence: 'high' };
  }
  for (const ref of node.outputRefs) {
    if (ref.surface !== 'prompt' && ref.surface !== 'loop.prompt') continue;
    const producer = model.analysis.resolve(node, ref.id);
    if (!producer || producer === node || fieldBound(producer, ref.field) === 'safe') continue;
    const source = outputTaint(model)(producer);
    if (source) return { label: source.label, confidence: 'low' };
  }
  return undefined;
}
