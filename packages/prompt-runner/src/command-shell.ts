import { parseShell, ScalarText, type ShellScript, type Span } from '@orchlint/core';
import type { Command, Contract } from './model.js';

/** A legacy verify command's text as `bash -c` reads it (verifier.ex: `System.cmd("bash", ["-c", text])`). */
export interface CommandShell {
  script: ShellScript;
  /** The source span, in the contract's file, of a span of the parsed text. */
  sourceSpan(span: Span): Span;
}

const parsed = new WeakMap<Command, CommandShell | undefined>();

/**
 * The parse of a command's legacy shell text, once per command; undefined for a structured command,
 * which runs its program with an argument vector and no shell. Prompt Runner substitutes nothing into
 * the text: it reaches bash exactly as written.
 */
export function commandShell(contract: Contract, command: Command): CommandShell | undefined {
  if (parsed.has(command)) return parsed.get(command);
  let result: CommandShell | undefined;
  const shell = command.program ? undefined : command.shell;
  if (shell) {
    const text = ScalarText.of(contract.file.source.text, shell.node);
    // A command from a body bullet has no YAML node: its span holds the text as written.
    const map = text
      ? (s: Span) => text.sourceSpan(s.start, s.end)
      : shell.span.end - shell.span.start === shell.text.length
        ? (s: Span) => ({ start: shell.span.start + s.start, end: shell.span.start + s.end })
        : () => ({ ...shell.span });
    result = { script: parseShell(shell.text), sourceSpan: map };
  }
  parsed.set(command, result);
  return result;
}
