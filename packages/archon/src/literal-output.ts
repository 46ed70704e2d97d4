/**
 * What a bash script prints when it is nothing but `echo`s of literal text (blank lines and `#`
 * comments aside), as the engine keeps it (stdout, trailing line break trimmed); undefined when the
 * script does anything else, or expands anything (`$`, backticks, globs, braces), so its output is not
 * known without running it.
 */
export function literalOutput(script: string): string | undefined {
  const printed: string[] = [];
  for (const raw of script.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const words = echoWords(line);
    if (!words) return undefined;
    printed.push(words.join(' '));
  }
  return printed.length ? printed.join('\n') : undefined;
}

/** The arguments of one `echo` line with nothing but literal words, or undefined. */
function echoWords(line: string): string[] | undefined {
  if (!/^echo(\s|$)/.test(line)) return undefined;
  const words: string[] = [];
  let i = 4;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (i >= line.length) break;
    let word = '';
    while (i < line.length && line[i] !== ' ' && line[i] !== '\t') {
      const c = line[i]!;
      if (c === "'") {
        const end = line.indexOf("'", i + 1);
        if (end === -1) return undefined;
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (c === '"') {
        const end = line.indexOf('"', i + 1);
        const inner = end === -1 ? undefined : line.slice(i + 1, end);
        if (inner === undefined || /[$`\\!]/.test(inner)) return undefined;
        word += inner;
        i = end + 1;
      } else if (/[$`\\;&|<>(){}[\]*?~#!=]/.test(c)) {
        return undefined;
      } else {
        word += c;
        i++;
      }
    }
    // An option (-n, -e) changes what echo prints.
    if (words.length === 0 && word.startsWith('-')) return undefined;
    words.push(word);
  }
  return words;
}
