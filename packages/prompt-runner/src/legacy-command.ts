/**
 * Legacy `bash -c` verify commands: the lint's timeout-wrapper test, and the conversion rules of
 * `mix prompt_runner.migrate_contracts` (ContractMigration) that orchlint's fix follows.
 */

/** Any `&&`, `||`, `;` or `|` segment whose first token is `timeout` or `…/timeout`. */
export function isTimeoutWrapped(command: string): boolean {
  return command.split(/\|\||&&|;|\|/).some((segment) => {
    const token = segment.trim().split(/\s+/, 1)[0] ?? '';
    return token === 'timeout' || token.endsWith('/timeout');
  });
}

export type Migration =
  | { exec: string; args: string[]; timeoutMs: number }
  | { refused: 'missing_explicit_timeout' | 'legacy_script' | 'shell_interpreter' | 'shell_syntax' | 'expansion' };

const SHELL_TOKENS = new Set(['|', '||', '&&', ';', '&', '>', '>>', '<', '<<', '2>', '2>>']);
const SHELLS = new Set(['bash', 'sh', 'dash', 'zsh', 'fish']);

/** `timeout N program args…` → `{exec, args, timeout_ms: N·1000}`, or why the migration refuses it. */
export function migrateLegacyCommand(command: string): Migration {
  const m = /^timeout[ \t]+(\d+)[ \t]+(.*)$/s.exec(command.trim());
  if (!m) return { refused: 'missing_explicit_timeout' };
  const tokens = splitArgv(m[2]!);
  if (!tokens || !tokens.length) return { refused: 'shell_syntax' };
  const [program, ...args] = tokens as [string, ...string[]];
  if (program.endsWith('.sh')) return { refused: 'legacy_script' };
  if (SHELLS.has(program.slice(program.lastIndexOf('/') + 1)) && (args[0] === '-c' || args[0] === '-lc')) {
    return { refused: 'shell_interpreter' };
  }
  if (tokens.some((t) => SHELL_TOKENS.has(t))) return { refused: 'shell_syntax' };
  if (tokens.some((t) => /\$\(|\$\{|`|\*|\?/.test(t))) return { refused: 'expansion' };
  return { exec: program, args, timeoutMs: Number(m[1]) * 1000 };
}

/** `OptionParser.split/1`: whitespace-separated words, quotes grouping and removed, `\` escaping. */
function splitArgv(text: string): string[] | undefined {
  const out: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) out.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) return undefined;
  if (inWord) out.push(word);
  return out;
}
