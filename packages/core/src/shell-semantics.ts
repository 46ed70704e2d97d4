import { enclosing, type ShellCommand, type ShellScript, type ShellWord } from './shell.js';

/**
 * What a few well-known commands do with their words, for the security audits: which words a
 * shell parses again as code, which programs read code from standard input, which commands fetch
 * and run a package. Names are compared after `/path/` is dropped and wrappers (`sudo`, `env`,
 * `timeout 60`, `nice`, …) are looked through.
 */

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish']);
/** Interpreters and the flag that takes a program text. */
const CODE_FLAGS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['python', new Set(['-c'])],
  ['python3', new Set(['-c'])],
  ['node', new Set(['-e', '--eval', '-p', '--print'])],
  ['bun', new Set(['-e', '--eval', '-p', '--print'])],
  ['perl', new Set(['-e', '-E'])],
  ['ruby', new Set(['-e'])],
  ['php', new Set(['-r'])],
]);
/** Commands that only run the rest of their words as another command. */
const WRAPPERS = new Set([
  'sudo',
  'doas',
  'env',
  'nice',
  'nohup',
  'time',
  'command',
  'exec',
  'builtin',
  'stdbuf',
  'timeout',
]);

export function programName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

export interface EffectiveCommand {
  name: string;
  /** Index in the command's words of the effective name. */
  start: number;
  command: ShellCommand;
}

/** `sudo -u x env A=1 timeout 60 bash -c …` → bash, at its index. */
export function effectiveCommand(command: ShellCommand): EffectiveCommand | undefined {
  const words = command.words;
  let i = 0;
  while (i < words.length) {
    const name = words[i]?.literal;
    if (name === undefined) return undefined;
    const base = programName(name);
    if (!WRAPPERS.has(base)) return { name: base, start: i, command };
    i++;
    // The wrapper's own options and, for env, assignments; timeout's duration.
    while (i < words.length) {
      const w = words[i]!.literal;
      if (w === undefined) return undefined;
      if (w === '--') {
        i++;
        break;
      }
      if (w.startsWith('-') || (base === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w))) i++;
      else if (base === 'timeout' && /^\d/.test(w)) i++;
      else break;
    }
  }
  return undefined;
}

/** The index of the first word after `flag` that is not an option, when a shell or interpreter has that flag. */
function codeArgument(e: EffectiveCommand, isFlag: (w: string) => boolean): number | undefined {
  const words = e.command.words;
  for (let i = e.start + 1; i < words.length; i++) {
    const w = words[i]!.literal;
    if (w === undefined || w === '--') return undefined;
    if (isFlag(w)) return i + 1 < words.length ? i + 1 : undefined;
    if (!w.startsWith('-')) return undefined;
  }
  return undefined;
}

/** Whether a command reads a program from standard input: a shell or interpreter with no script named. */
export function readsCodeFromStdin(command: ShellCommand): string | undefined {
  const e = effectiveCommand(command);
  if (!e || !(SHELLS.has(e.name) || CODE_FLAGS.has(e.name))) return undefined;
  const rest = command.words.slice(e.start + 1);
  // `bash -s`, `sh -` and bare `bash` read standard input; `bash script.sh` and `bash -c '…'` do not.
  for (const w of rest) {
    const t = w.literal;
    if (t === undefined) return undefined;
    if (t === '-' || t === '-s') return e.name;
    if (t === '--') continue;
    if (!t.startsWith('-')) return undefined;
    if (/^-[a-zA-Z]*c/.test(t) && SHELLS.has(e.name)) return undefined;
    if (CODE_FLAGS.get(e.name)?.has(t)) return undefined;
  }
  return e.name;
}

/** How the word at an offset is parsed again as code, if it is: 'eval', 'bash -c', 'python3 -c', 'piped into sh', … */
export function reEvaluation(script: ShellScript, offset: number): string | undefined {
  const { regions, words } = enclosing(script, offset);
  for (const word of words) {
    const how = reparsedWord(
      word,
      regions.some((r) => r.kind === 'process-substitution'),
    );
    if (how) return how;
  }
  for (const word of words) {
    const how = pipedIntoCode(word.command);
    if (how) return how;
  }
  return fedAsCode(script, offset);
}

/** Per script, the commands a here-document or here-string feeds: asked for every value, found once. */
const feeding = new WeakMap<ShellScript, ShellCommand[]>();

/** A here-document or here-string that a shell or interpreter reads as its program (`bash <<< "$x"`, `python3 <<EOF`). */
function fedAsCode(script: ShellScript, offset: number): string | undefined {
  const c = fedTo(script, offset);
  const reader = c && readsCodeFromStdin(c);
  return reader ? `fed to ${reader} on standard input` : undefined;
}

/** The command a here-document or here-string holding an offset is fed to, if any. */
export function fedTo(script: ShellScript, offset: number): ShellCommand | undefined {
  let fed = feeding.get(script);
  if (!fed) {
    fed = script.commands.filter((c) => c.stdin);
    feeding.set(script, fed);
  }
  return fed.find((c) => c.stdin!.some((s) => s.start <= offset && offset < s.end));
}

/**
 * A reader of code down a command's pipeline, however many filters stand between (`… | base64 -d | sh`,
 * `… | jq -r .cmd | bash`): what the command prints becomes that program's source.
 */
function pipedIntoCode(command: ShellCommand): string | undefined {
  let via: string | undefined;
  for (let into = command.pipedInto; into; into = into.pipedInto) {
    const through = via ? ` (through ${via})` : '';
    const reader = readsCodeFromStdin(into);
    if (reader) return `piped into ${reader}${through}`;
    const x = effectiveCommand(into);
    if (x?.name === 'xargs' && into.words.some((w) => w.literal === '-I' || w.literal?.startsWith('-I'))) {
      const inner = effectiveAfterXargs(into);
      if (inner && SHELLS.has(inner.name)) return `xargs -I into ${inner.name} -c${through}`;
    }
    via ??= into.name ?? 'a filter';
  }
  return undefined;
}

/** The file a command runs as code, and how: `source f`, `. f`, `bash f`, `./f`. Paths compare without a leading `./`. */
export function runsFile(command: ShellCommand): { file: string; how: string } | undefined {
  const e = effectiveCommand(command);
  if (!e) return undefined;
  const operand = firstOperand(e);
  const word = operand === undefined ? undefined : command.words[operand]?.literal;
  if ((e.name === 'source' || e.name === '.') && word !== undefined) return { file: plainPath(word), how: e.name };
  // `bash -c '…' f` and `bash -s` take their code elsewhere; `bash -x f` runs f.
  const codeElsewhere = command.words.slice(e.start + 1, operand).some((w) => /^-[a-zA-Z]*[cs]/.test(w.literal ?? ''));
  if (SHELLS.has(e.name) && word !== undefined && !codeElsewhere) return { file: plainPath(word), how: e.name };
  const name = command.words[e.start]!.literal!;
  return name.includes('/') ? { file: plainPath(name), how: 'exec' } : undefined;
}

export function plainPath(path: string): string {
  return path.replace(/^(?:\.\/)+/, '');
}

function reparsedWord(word: ShellWord, inProcessSubstitution: boolean): string | undefined {
  const e = effectiveCommand(word.command) ?? undefined;
  if (!e || word.index <= e.start) return undefined;
  if (e.name === 'eval') return 'eval';
  if ((e.name === 'source' || e.name === '.') && inProcessSubstitution) return `${e.name} <(…)`;
  if (SHELLS.has(e.name)) {
    if (codeArgument(e, (w) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w)) === word.index) return `${e.name} -c`;
    if (inProcessSubstitution && firstOperand(e) === word.index) return `${e.name} <(…)`;
  }
  const flags = CODE_FLAGS.get(e.name);
  if (flags) {
    const at = codeArgument(e, (w) => flags.has(w));
    if (at === word.index) return `${e.name} ${word.command.words[at - 1]!.literal}`;
  }
  if (e.name === 'xargs') {
    const inner = effectiveAfterXargs(word.command);
    if (inner && SHELLS.has(inner.name)) {
      const code = codeArgument(inner, (w) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w));
      if (code === word.index) return `xargs ${inner.name} -c`;
    }
  }
  return undefined;
}

function firstOperand(e: EffectiveCommand): number | undefined {
  for (let i = e.start + 1; i < e.command.words.length; i++) {
    const t = e.command.words[i]!.literal;
    if (t === undefined || !t.startsWith('-')) return i;
  }
  return undefined;
}

/** `xargs -0 -I{} sh -c '…'` → sh, at its index. */
function effectiveAfterXargs(command: ShellCommand): EffectiveCommand | undefined {
  const e = effectiveCommand(command);
  if (e?.name !== 'xargs') return undefined;
  const words = command.words;
  for (let i = e.start + 1; i < words.length; i++) {
    const t = words[i]!.literal;
    if (t === undefined) return undefined;
    if (!t.startsWith('-')) return { name: programName(t), start: i, command };
    // Options of xargs that take a separate value.
    if (/^-[IEdLnPs]$/.test(t)) i++;
  }
  return undefined;
}

/**
 * Text-processing programs whose program text can run commands or write files: GNU sed's `e`
 * command and `s///e` flag run the pattern space, every sed's `w` writes a file; awk's `system()`
 * and `print | "cmd"` run commands. For each: the flags whose next word is program text, the flags
 * whose next word is a program file or another value (so it is not the program), and the prefix of
 * a `--flag=text` word that carries program text.
 */
const PROGRAM_TEXT: ReadonlyMap<string, { code: RegExp; file: RegExp; valued: RegExp; inline: RegExp }> = new Map(
  Object.entries({
    sed: {
      code: /^(-e|--expression)$/,
      file: /^(-f|--file)$/,
      valued: /^(-l|--line-length)$/,
      inline: /^--expression=/,
    },
    ...Object.fromEntries(
      ['awk', 'gawk', 'mawk', 'nawk'].map((name) => [
        name,
        {
          code: /^(-e|--source)$/,
          file: /^(-f|--file)$/,
          valued: /^(-v|-F|--assign|--field-separator)$/,
          inline: /^--source=/,
        },
      ]),
    ),
  }),
);

/** Which sed or awk program text holds an offset, if any: 'sed', 'awk'. Options of theirs are not program text. */
export function programTextAt(script: ShellScript, offset: number): string | undefined {
  for (const word of enclosing(script, offset).words) {
    const e = effectiveCommand(word.command);
    const flags = e && PROGRAM_TEXT.get(e.name);
    if (e && flags && word.index > e.start && programWords(script, e, flags).has(word.index)) return e.name;
  }
  return undefined;
}

/** The indices of a sed or awk command's words that are program text: after -e, in --expression=, or the first operand. */
function programWords(
  script: ShellScript,
  e: EffectiveCommand,
  flags: { code: RegExp; file: RegExp; valued: RegExp; inline: RegExp },
): Set<number> {
  const words = e.command.words;
  const found = new Set<number>();
  let named = false;
  for (let i = e.start + 1; i < words.length; i++) {
    const w = words[i]!.literal;
    const raw = w ?? script.text.slice(words[i]!.span.start, words[i]!.span.end);
    if (w === '--') {
      if (!named && i + 1 < words.length) found.add(i + 1);
      break;
    }
    if (w !== undefined && flags.code.test(w)) {
      named = true;
      found.add(++i);
    } else if (w !== undefined && (flags.file.test(w) || flags.valued.test(w))) {
      named ||= flags.file.test(w);
      i++;
    } else if (flags.inline.test(raw)) {
      named = true;
      found.add(i);
    } else if (!raw.startsWith('-')) {
      // The first operand is the program unless -e or -f named one; the ones after it are files.
      if (!named) found.add(i);
      break;
    }
  }
  return found;
}

/**
 * The program an `xargs` command hands the words of its standard input to (`… | xargs git checkout`,
 * `xargs gh issue view <<< "$v"`): xargs splits the text on blanks and quotes, so every word of it
 * is an argument there, and a word starting with '-' is an option, unless `--` stands before them.
 */
export function xargsProgram(into: ShellCommand | undefined): string | undefined {
  const inner = into && effectiveAfterXargs(into);
  if (!inner) return undefined;
  // `-I {}` puts each line in one place of the command; that place decides, not the end.
  const options = into.words.slice(0, inner.start).map((w) => w.literal ?? '');
  if (options.some((w) => /^(-I|-i|--replace)/.test(w))) return undefined;
  if (into.words.slice(inner.start + 1).some((w) => w.literal === '--')) return undefined;
  return inner.name;
}

/** Programs that fetch from the network. */
const FETCHERS = new Set(['curl', 'wget', 'fetch', 'http', 'https', 'xh']);

/** A command that downloads something and runs it as code: `curl … | sh`, `bash <(curl …)`, `sh -c "$(curl …)"`. */
export function fetchedCodeRuns(script: ShellScript, command: ShellCommand): string | undefined {
  const e = effectiveCommand(command);
  if (!e || !FETCHERS.has(e.name)) return undefined;
  return pipedIntoCode(command) ?? reEvaluation(script, command.span.start);
}

/** Runners that fetch a package and run it, and how a pinned version is written for each. */
export interface UnpinnedRun {
  /** The word naming the package. */
  word: ShellWord | undefined;
  package: string;
  runner: string;
}

/**
 * `npx -y pkg`, `npm exec --yes pkg`, `pnpm dlx pkg`, `yarn dlx pkg`, `bunx pkg`, `uvx pkg`,
 * `uv tool run pkg`, `pipx run pkg` with no exact version: each run may fetch whatever the registry
 * serves at that moment.
 */
export function unpinnedRun(command: ShellCommand): UnpinnedRun | undefined {
  const e = effectiveCommand(command);
  if (!e) return undefined;
  const words = command.words.map((w) => w.literal);
  const after = (i: number) => ({ start: i, words });
  let spec: { start: number } | undefined;
  let runner = e.name;
  let ecosystem: 'npm' | 'python' = 'npm';
  const sub = words[e.start + 1];
  if (e.name === 'npx') {
    // Without --yes npx asks before installing, and fails where no one can answer.
    if (!words.slice(e.start + 1).some((w) => w === '-y' || w === '--yes')) return undefined;
    spec = after(e.start + 1);
  } else if (e.name === 'npm' && sub === 'exec') {
    if (!words.slice(e.start + 2).some((w) => w === '-y' || w === '--yes')) return undefined;
    spec = after(e.start + 2);
    runner = 'npm exec';
  } else if ((e.name === 'pnpm' || e.name === 'yarn') && sub === 'dlx') {
    spec = after(e.start + 2);
    runner = `${e.name} dlx`;
  } else if (e.name === 'bunx') spec = after(e.start + 1);
  else if (e.name === 'uvx') {
    spec = after(e.start + 1);
    ecosystem = 'python';
  } else if (e.name === 'uv' && sub === 'tool' && words[e.start + 2] === 'run') {
    spec = after(e.start + 3);
    runner = 'uv tool run';
    ecosystem = 'python';
  } else if (e.name === 'pipx' && sub === 'run') {
    spec = after(e.start + 2);
    runner = 'pipx run';
    ecosystem = 'python';
  }
  if (!spec) return undefined;
  for (let i = spec.start; i < words.length; i++) {
    const w = words[i];
    if (w === undefined) return undefined;
    if (w === '--') continue;
    if (w.startsWith('-')) {
      // `--from pkg==1.2 tool` (uvx) and `-p pkg@1.2` / `--package pkg@1.2` (npx) name the package.
      if (['--from', '--package', '-p', '--spec'].includes(w)) {
        const named = words[i + 1];
        if (named === undefined) return undefined;
        return pinned(named, ecosystem) ? undefined : { word: command.words[i + 1], package: named, runner };
      }
      if (/^--(from|package|spec)=/.test(w)) {
        const named = w.slice(w.indexOf('=') + 1);
        return pinned(named, ecosystem) ? undefined : { word: command.words[i], package: named, runner };
      }
      continue;
    }
    return pinned(w, ecosystem) ? undefined : { word: command.words[i], package: w, runner };
  }
  return undefined;
}

/** `pkg@1.2.3`, `@scope/pkg@1.2.3`, `pkg==1.2.3`, `pkg@1.2.3` (uv), a path or URL of a file: an exact version. */
export function pinned(spec: string, ecosystem: 'npm' | 'python'): boolean {
  if (/^(\.{0,2}\/|file:|https?:|git\+)/.test(spec)) return true;
  if (ecosystem === 'python') return /==\s*[0-9][^,;*]*$/.test(spec) || /@[0-9][\w.+-]*$/.test(spec);
  const at = spec.lastIndexOf('@');
  if (at <= 0) return false;
  return /^v?\d+\.\d+\.\d+([-+][\w.-]+)?$/.test(spec.slice(at + 1));
}
