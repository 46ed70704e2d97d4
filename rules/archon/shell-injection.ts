import { defineRule } from '@orchlint/core';
import { shellFlows, type ShellFlow, type WorkflowModel } from '@orchlint/archon';

/** Why the quoting fails at each sink, the payload class that breaks it, and the safe form. */
const SINKS: Record<Exclude<ShellFlow['sink'], 'option'>, { why: string; payload: string }> = {
  're-evaluation': {
    why: 'is parsed again as code, so the quoting it arrived with is gone before it runs',
    payload: 'any shell syntax: ; | $(…)',
  },
  'program-text': {
    why: 'is part of the program text of {how}, whose own commands run programs and write files (sed\'s e command and s///e flag, w FILE; awk\'s system() and print | "cmd")',
    payload: 'sed: /e or w FILE; awk: system("…")',
  },
  'double-quotes': {
    why: 'sits inside "…": Archon\'s \'…\' quoting is literal text there, so $(…), backticks and " in the value are live',
    payload: '$(…), `…`, "',
  },
  'author-quotes': {
    why: "sits inside the author's own '…': the two pairs of quotes cancel and the value stands unquoted",
    payload: 'spaces, ;, | and $(…)',
  },
  backquotes: {
    why: 'sits inside `…`: a backtick in the value ends the command substitution and the rest runs as commands',
    payload: '` ; cmd ; `',
  },
  heredoc: {
    why: 'sits in an unquoted here-document, where $(…) and backticks in the value run',
    payload: '$(…), `…`',
  },
  'quoted-heredoc': {
    why: 'sits in a quoted here-document: a line of the value equal to the delimiter ends it, and the lines after it run as commands',
    payload: 'a newline, the delimiter line, then commands',
  },
  comment: {
    why: 'sits in a shell comment: Archon substitutes there too, and a newline in the value ends the comment so the next line runs',
    payload: 'a newline followed by commands',
  },
  arithmetic: {
    why: 'is read as arithmetic ([[ … -gt … ]], $(( )), let), which runs $(…) inside an array index',
    payload: 'a[$(cmd)]',
  },
};

function safeForm(f: ShellFlow): string {
  if (f.included)
    return `in the block, read the environment variable the engine also sets ("$${f.included.env}") instead of ${f.included.input}${f.sink === 're-evaluation' ? `, and pass it as an argument, never through ${f.how}` : ''}`;
  // A bare name read as arithmetic (`$(( n + 1 ))`) is the variable $n.
  const ref = /^\w+$/.test(f.text) ? `$${f.text}` : f.text;
  if (f.file)
    return `keep the value out of the code: write the script with a quoted here-document that reads it as "$1" or an environment variable, and pass the value when you run ${f.file}`;
  if (!f.splice && f.sink === 'program-text') return programTextSafeForm(f.how!);
  if (f.how?.startsWith('run as'))
    return `never run it as a command: choose the command from a fixed list (case "${ref}" in test|lint) … esac) and pass the value as an argument`;
  if (f.how?.startsWith('fed to'))
    return `keep the value out of the program: pass it as an argument or an environment variable the program reads (bash -s -- "$v" <<'EOF' … "$1" … EOF)`;
  if (!f.splice)
    return f.sink === 're-evaluation'
      ? `pass it as an argument instead (bash -c '… "$1"' _ "${ref.replace(/^\$\{?(\w+)\}?$/, '$$$1')}") and never through ${f.how}`
      : `check it first ([[ ${ref} =~ ^[0-9]+$ ]] || exit 1) or compare it as a string`;
  if (f.sink === 'program-text') return programTextSafeForm(f.how!);
  if (f.sink === 're-evaluation')
    return `assign it bare (v=${f.text}) and pass "$v" as an argument, never through ${f.how}`;
  if (f.sink === 'arithmetic')
    return "declare the field 'type: integer' in the producer's output_format, or test it with =~ first";
  return `assign it bare on a line of its own (v=${f.text}) and use "$v", or bound the field with an output_format enum or pattern`;
}

function programTextSafeForm(program: string): string {
  return program === 'sed'
    ? 'keep the value out of the program: check it against a fixed pattern first, or use a tool that takes it as data (awk -v v="$v" \'index($0, v)\', grep -F -e "$v")'
    : `pass it as data, never as program text: ${program} -v v="$v" '… v …'`;
}

export default defineRule<WorkflowModel>({
  id: 'archon/shell-injection',
  dialect: 'archon',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'high',
  basis:
    "derived: ../shared/spec/archon-shell.md — `$node.output` is spliced as one '…' word whatever surrounds it (DE:1167, 1228), user variables reach bash as environment variables (DE:3462); confirmed with the engine's own substitution by test/security/archon-payloads.ts",
  summary: 'untrusted text reaches a bash body where its quoting does not hold, or where it is parsed again',
  check(model, report) {
    for (const f of shellFlows(model)) {
      if (f.sink === 'option') continue;
      const sink = SINKS[f.sink];
      const where =
        f.sink === 're-evaluation'
          ? `${sink.why.replace('parsed again as code', `parsed again as code (${f.how})`)}`
          : sink.why.replace('{how}', f.how ?? '');
      report({
        at: f.span,
        confidence: f.confidence,
        message:
          `untrusted text reaches the shell: ${f.source.label} → '${f.text}' in '${f.surface}' of ${f.node.label}${f.included ? ` ${f.included.where}` : ''}, which ${where}. ` +
          `Payload: ${sink.payload}. Safe form: ${safeForm(f)}`,
        ...(f.included
          ? { related: [{ at: f.included.related.span, source: f.included.related.source, message: 'spliced here' }] }
          : {}),
      });
    }
  },
});
