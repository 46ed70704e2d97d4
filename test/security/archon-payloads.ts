/**
 * Runs attacker payloads through Archon's own substitution functions and then through bash, to
 * confirm what the security audits assume about how a value reaches a shell (see
 * `../shared/spec/archon-shell.md`). Run with bun, pointing ARCHON_SRC at an Archon source tree
 * with its dependencies installed (`bun install` in it):
 *
 *   ARCHON_SRC=/path/to/Archon bun test/security/archon-payloads.ts [--json]
 *
 * It imports the engine's exported functions only (substituteWorkflowVariables,
 * substituteNodeOutputRefs, applyLoopPrevToBodyNode); nothing of the engine is copied here. Each
 * case renders a shell body the way the executor would for that surface, runs it with `bash -c`
 * in a scratch folder with the engine's environment variables set to the payload, and records
 * whether the payload ran a command (a marker file appeared) or reached a program as an option.
 * test/security/archon-payloads.test.ts runs it where bun and ARCHON_SRC are present.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const src = process.env.ARCHON_SRC;
if (!src || !existsSync(path.join(src, 'packages/workflows/src/dag-executor.ts'))) {
  console.error('archon-payloads: set ARCHON_SRC to an Archon source tree with its dependencies installed');
  process.exit(2);
}
const dag = await import(path.join(src, 'packages/workflows/src/dag-executor.ts'));
const shared = await import(path.join(src, 'packages/workflows/src/executor-shared.ts'));

/** Payload classes: each one, if it becomes shell syntax, creates the marker file `PWNED`. */
const PAYLOADS: Record<string, string> = {
  'command-substitution': '$(touch PWNED)',
  backtick: '`touch PWNED`',
  'backtick-break': '` ; touch PWNED ; `',
  'word-splitting': 'one two',
  'single-quote-break': "x'; touch PWNED; echo '",
  'double-quote-break': 'x"; touch PWNED; echo "',
  'heredoc-delimiter': 'line\nEOF\ntouch PWNED\ncat <<EOF',
  arithmetic: 'a[$(touch PWNED)]',
  'option-injection': '--output=PWNED',
  'second-order': 'see $other.output here',
  // GNU sed's s///e runs the pattern space; awk's system() runs a command.
  'sed-exec': '^/touch PWNED #/e;s/^',
  'awk-system': 'x/{system("touch PWNED")}/x',
  // A line that passes a line-based check, then one that is an option.
  'newline-option': '--output=PWNED\n5',
  // A whole command line, for a value run as a command or fed to a shell as its program.
  'command-line': 'touch PWNED',
  // Python source, for a value expanded into a program a here-document feeds to python3.
  'python-source': '"); open("PWNED", "w"); print("',
};

/** Marks an argument starting with '-' (read as an option). */
const MARK_OPTIONS = 'g() { for a; do case "$a" in -*) touch PWNED;; esac; done; };';

/** Where the reference stands in the author's bash: `REF` is replaced by the reference text. */
const CONTEXTS: Record<string, string> = {
  bare: "printf '%s' REF >/dev/null",
  assignment: 'v=REF; printf %s "$v" >/dev/null',
  'double-quoted': 'printf \'%s\' "REF" >/dev/null',
  'author-single-quoted': "printf '%s' 'REF' >/dev/null",
  backticks: 'v=`printf %s REF`',
  'unquoted-heredoc': 'cat >/dev/null <<EOF\nREF\nEOF',
  'quoted-heredoc': "cat >/dev/null <<'EOF'\nREF\nEOF",
  eval: 'eval "printf %s REF" >/dev/null',
  'bash-c': 'bash -c "printf %s REF" >/dev/null',
  'test-arithmetic': '[[ REF -gt 3 ]] 2>/dev/null',
  // A program that marks an argument starting with '-' (read as an option) or more than one argument.
  'option-position':
    'f() { for a; do case "$a" in -*) touch PWNED;; esac; done; [ "$#" -gt 1 ] && touch PWNED; }; f REF',
  'env-read-quoted': 'printf \'%s\' "$VAR" >/dev/null',
  'declare-integer': 'f() { local -i n=REF; }; f 2>/dev/null',
  'here-string-shell': 'bash <<< REF >/dev/null 2>&1',
  'heredoc-python': 'python3 >/dev/null 2>&1 <<EOF\nprint("REF")\nEOF',
  'command-name': 'REF >/dev/null 2>&1',
  'array-subscript': 'a[REF]=1 2>/dev/null; printf %s "${a[REF]}" >/dev/null 2>&1',
  'sed-program': 'printf \'hi\\n\' | sed "s/REF/y/" >/dev/null 2>&1',
  'sed-program-bare': "printf 'hi\\n' | sed s/REF/y/ >/dev/null 2>&1",
  'awk-program': 'printf \'x\\n\' | awk "/REF/" >/dev/null 2>&1',
  'xargs-arguments': `printf '%s\\n' REF | xargs sh -c '${MARK_OPTIONS} g "$@"' _`,
  'grep-guard': `${MARK_OPTIONS} if printf '%s' REF | grep -qE '^[0-9]+$'; then g REF; fi`,
  'case-guard': `${MARK_OPTIONS} case REF in ''|*[!0-9]*) exit 0;; esac; g REF`,
};

interface Outcome {
  surface: string;
  source: string;
  context: string;
  payload: string;
  rendered: string;
  /** The payload ran a command (the marker file exists). */
  injected: boolean;
}

const workdir = mkdtempSync(path.join(tmpdir(), 'archon-payloads-'));
const artifacts = path.join(workdir, 'artifacts');

function run(script: string, env: Record<string, string>): boolean {
  const marker = path.join(workdir, 'PWNED');
  rmSync(marker, { force: true });
  spawnSync('bash', ['-c', script], { cwd: workdir, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 10_000 });
  const hit = existsSync(marker);
  rmSync(marker, { force: true });
  return hit;
}

const output = (text: string) => ({ state: 'completed', output: text });

/** Top-level `bash:`: the workflow-variable pass (shellSafe), then the shell-quoted node-output pass. */
function renderTopLevel(body: string, outputs: Map<string, unknown>): string {
  const { prompt } = shared.substituteWorkflowVariables(
    body,
    'run-1',
    'user message',
    artifacts,
    'main',
    'docs/',
    undefined,
    undefined,
    undefined,
    undefined,
    { shellSafe: true, stateDir: path.join(workdir, 'state') },
  );
  return dag.substituteNodeOutputRefs(prompt, outputs, true, artifacts);
}

/** A `loop_group` body `bash:` node: the per-iteration pass, then the ordinary one. */
function renderLoopBody(body: string, outputs: Map<string, unknown>, prev: Map<string, unknown>, userInput: string) {
  const node = { id: 'b', kind: 'exec', runtime: 'sh', script: body };
  const applied = dag.applyLoopPrevToBodyNode(
    node,
    prev,
    userInput,
    artifacts,
    new Set(['b', 'rewrite']),
    new Set(['b', 'rewrite']),
  );
  return renderTopLevel(applied.script, outputs);
}

const outcomes: Outcome[] = [];
for (const [payloadName, payload] of Object.entries(PAYLOADS)) {
  for (const [contextName, context] of Object.entries(CONTEXTS)) {
    const env = { ARGUMENTS: payload, USER_MESSAGE: payload, LOOP_USER_INPUT: payload, VAR: payload };
    // An AI node's output, referenced in a top-level bash node.
    const outputs = new Map<string, unknown>([
      ['ai', output(payload)],
      ['other', output('$(touch PWNED)')],
    ]);
    const cases: Array<[string, string, string]> = [
      ['bash', '$ai.output', renderTopLevel(context.replaceAll('REF', '$ai.output'), outputs)],
      ['bash', '$ARGUMENTS (env)', renderTopLevel(context.replaceAll('REF', '$ARGUMENTS'), outputs)],
      ['bash', '"$ARGUMENTS" (env)', renderTopLevel(context.replaceAll('REF', '"$ARGUMENTS"'), outputs)],
      [
        'loop_group body bash',
        '$LOOP_USER_INPUT',
        renderLoopBody(context.replaceAll('REF', '$LOOP_USER_INPUT'), outputs, new Map(), payload),
      ],
      [
        'loop_group body bash',
        '${LOOP_USER_INPUT}',
        renderLoopBody(context.replaceAll('REF', '${LOOP_USER_INPUT}'), outputs, new Map(), payload),
      ],
      [
        'loop_group body bash',
        '$LOOP_PREV.rewrite.output',
        renderLoopBody(
          context.replaceAll('REF', '$LOOP_PREV.rewrite.output'),
          outputs,
          new Map([['rewrite', output(payload)]]),
          '',
        ),
      ],
    ];
    for (const [surface, source, rendered] of cases) {
      outcomes.push({
        surface,
        source,
        context: contextName,
        payload: payloadName,
        rendered,
        injected: run(rendered, env),
      });
    }
  }
}

/** `script:` nodes: the node-output pass splices raw (escapedForBash=false) into the source that bun or python runs. */
const SCRIPT_PAYLOADS: Record<string, string> = {
  'js-string-break': '"; require("fs").writeFileSync("PWNED", ""); "',
  'python-string-break': '"; open("PWNED", "w"); "',
};
const RUNTIMES: Array<{ name: string; program: string; args: string[]; body: string; env: string }> = [
  {
    name: 'script bun',
    program: process.execPath,
    args: ['--no-env-file', '-e'],
    body: 'const v = "REF";',
    env: 'const v = process.env.VAR;',
  },
  {
    name: 'script python',
    program: 'python3',
    args: ['-c'],
    body: 'v = "REF"',
    env: 'import os; v = os.environ["VAR"]',
  },
];
for (const runtime of RUNTIMES) {
  for (const [payloadName, payload] of Object.entries(SCRIPT_PAYLOADS)) {
    const outputs = new Map<string, unknown>([['ai', output(payload)]]);
    for (const [source, body] of [
      ['$ai.output', runtime.body.replace('REF', '$ai.output')],
      ['env var', runtime.env],
    ] as const) {
      const rendered = dag.substituteNodeOutputRefs(body, outputs, false);
      const marker = path.join(workdir, 'PWNED');
      rmSync(marker, { force: true });
      const ran = spawnSync(runtime.program, [...runtime.args, rendered], {
        cwd: workdir,
        env: { PATH: process.env.PATH ?? '', VAR: payload },
        timeout: 10_000,
      });
      if (ran.error) continue; // that interpreter is not installed
      outcomes.push({
        surface: runtime.name,
        source,
        context: 'string literal',
        payload: payloadName,
        rendered,
        injected: existsSync(marker),
      });
      rmSync(marker, { force: true });
    }
  }
}

/**
 * `output_format`: the engine validates a structured payload against the node's schema (ajv) before
 * it becomes the output, so a field an enum, an anchored pattern or a number type bounds cannot
 * carry a payload; an unanchored pattern matches anywhere and bounds nothing.
 */
const structured = await import(path.join(src, 'packages/providers/src/shared/structured-output.ts'));
const SCHEMAS: Record<string, Record<string, unknown>> = {
  enum: { type: 'string', enum: ['bug', 'feature'] },
  'anchored pattern': { type: 'string', pattern: '^[a-z0-9-]+$' },
  'unanchored pattern': { type: 'string', pattern: '[a-z]+' },
  integer: { type: 'integer' },
  'free string': { type: 'string' },
};
for (const [schemaName, field] of Object.entries(SCHEMAS)) {
  for (const [payloadName, payload] of Object.entries(PAYLOADS)) {
    const schema = { type: 'object', properties: { f: field }, required: ['f'] };
    const { valid } = structured.validateStructuredOutput({ f: payload }, schema);
    outcomes.push({
      surface: 'output_format',
      source: schemaName,
      context: 'validation',
      payload: payloadName,
      rendered: JSON.stringify({ f: payload }),
      injected: valid,
    });
  }
}
rmSync(workdir, { recursive: true, force: true });

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(outcomes, null, 1));
} else {
  // One line per (surface, source, context): the payload classes that ran a command there.
  const rows = new Map<string, string[]>();
  for (const o of outcomes) {
    const key = `${o.surface} | ${o.source} | ${o.context}`;
    const hits = rows.get(key) ?? [];
    if (o.injected) hits.push(o.payload);
    rows.set(key, hits);
  }
  for (const [key, hits] of rows) console.log(`${key} | ${hits.length ? hits.join(', ') : 'safe'}`);
}
