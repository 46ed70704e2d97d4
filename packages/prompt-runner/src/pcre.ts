import { ownValue } from '@orchlint/core';

/**
 * Whether a pattern compiles for the runner, which uses Erlang's PCRE (`Regex.compile/2`). orchlint
 * runs on a JavaScript engine, so it first rewrites the PCRE-only spellings that have a JavaScript
 * equivalent (`\A`, `\z`, `\h`, atomic groups, possessive quantifiers, `(?P<n>…)`, POSIX classes,
 * leading inline flags, identity escapes of punctuation), and stays silent on constructs it cannot
 * judge (recursion, conditionals, `\K`, `\G`, mid-pattern flags). It also rejects what PCRE rejects
 * and JavaScript accepts: a lookbehind of variable length.
 */
export function regexProblem(pattern: string, flags: '' | 'u' | 'iu'): string | undefined {
  const translated = translate(pattern);
  if (translated === undefined) return undefined;
  if (translated.variableLookbehind) {
    return 'PCRE requires a lookbehind of fixed length, and this one can match text of different lengths';
  }
  try {
    new RegExp(translated.source, [...new Set(flags + translated.flags)].join(''));
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
  }
}

const POSIX: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  word: '\\w',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
};

const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const JS_ESCAPES = new Set([...'dDwWsSbBnrtfv0123456789cxuk']);

interface Translated {
  source: string;
  flags: string;
  variableLookbehind: boolean;
}

function translate(pattern: string): Translated | undefined {
  let flags = '';
  let p = pattern;
  const leading = /^\(\?([imsxU]+)\)/.exec(p);
  if (leading) {
    if (/[xU]/.test(leading[1]!)) return undefined;
    flags = leading[1]!;
    p = p.slice(leading[0].length);
  }
  let out = '';
  let variableLookbehind = false;
  const lookbehinds: number[] = [];
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\') {
      const n = p[i + 1];
      if (n === undefined) return { source: '\\', flags, variableLookbehind };
      i++;
      if ('KGCXRN'.includes(n) || n === 'p' || n === 'P' || n === 'o' || n === 'g') return undefined;
      if (n === 'A') out += '^';
      else if (n === 'z') out += '$';
      else if (n === 'Z') out += '(?=\\n?$)';
      else if (n === 'h') out += '[ \\t]';
      else if (n === 'H') out += '[^ \\t]';
      else if (n === 'e') out += '\\x1b';
      else if (n === 'Q') {
        const end = p.indexOf('\\E', i + 1);
        const literal = p.slice(i + 1, end < 0 ? p.length : end);
        out += literal.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
        i = end < 0 ? p.length : end + 1;
      } else if (n === 'x' && p[i + 1] === '{') {
        const end = p.indexOf('}', i);
        out += `\\u{${p.slice(i + 2, end)}}`;
        flags += 'u';
        i = end;
      } else if (/[a-zA-Z0-9]/.test(n)) {
        if (!JS_ESCAPES.has(n)) return undefined;
        out += `\\${n}`;
      } else out += SYNTAX.has(n) ? `\\${n}` : n === '-' ? '\\x2d' : n;
      continue;
    }
    if (c === '[') {
      const end = classEnd(p, i);
      if (end < 0) return { source: out + p.slice(i), flags, variableLookbehind };
      out += translateClass(p.slice(i, end + 1));
      i = end;
      continue;
    }
    if (c === '(' && p[i + 1] === '?') {
      const rest = p.slice(i + 2);
      if (rest.startsWith('#')) {
        const end = p.indexOf(')', i);
        i = end < 0 ? p.length : end;
        continue;
      }
      if (rest.startsWith('>')) {
        out += '(?:';
        i += 2;
        lookbehinds.push(-1);
        continue;
      }
      if (rest.startsWith('P<')) {
        out += '(?<';
        i += 3;
        lookbehinds.push(-1);
        continue;
      }
      if (rest.startsWith('P=')) {
        const end = p.indexOf(')', i);
        out += `\\k<${p.slice(i + 4, end)}>`;
        i = end;
        continue;
      }
      if (/^(?:[:=!]|<[=!]|<[A-Za-z_])/.test(rest)) {
        lookbehinds.push(rest.startsWith('<=') || rest.startsWith('<!') ? out.length : -1);
        out += '(';
        continue;
      }
      return undefined;
    }
    if (c === '(') lookbehinds.push(-1);
    if (c === ')') {
      const start = lookbehinds.pop();
      if (start !== undefined && start >= 0 && !fixedLength(out.slice(start + 4))) variableLookbehind = true;
    }
    if ((c === '+' || c === '*' || c === '?' || c === '}') && p[i + 1] === '+' && out.length) {
      out += c;
      i++;
      continue;
    }
    if (c === '{' && !/^\{\d+(,\d*)?\}/.test(p.slice(i))) {
      out += '\\{';
      continue;
    }
    if (c === '}' && !/\{\d+(,\d*)?$/.test(p.slice(0, i))) {
      out += '\\}';
      continue;
    }
    if (c === ']') {
      out += '\\]';
      continue;
    }
    out += c;
  }
  return { source: out, flags, variableLookbehind };
}

/** Index of the `]` closing the class that opens at `start` (a leading `]` or `^]` is literal). */
function classEnd(p: string, start: number): number {
  let i = start + 1;
  if (p[i] === '^') i++;
  if (p[i] === ']') i++;
  for (; i < p.length; i++) {
    if (p[i] === '\\') i++;
    else if (p[i] === '[' && p[i + 1] === ':') {
      const end = p.indexOf(':]', i + 2);
      if (end > 0) i = end + 1;
    } else if (p[i] === ']') return i;
  }
  return -1;
}

function translateClass(cls: string): string {
  let body = cls
    .slice(1, -1)
    .replace(/\[:(\^?)([a-z]+):\]/g, (m, neg: string, name: string) => (neg ? m : (ownValue(POSIX, name) ?? m)));
  body = body.replace(/\\([^a-zA-Z0-9])/g, (_m, ch: string) => (SYNTAX.has(ch) || ch === '-' ? `\\${ch}` : ch));
  if (body.startsWith(']')) body = `\\${body}`;
  if (body.startsWith('^]')) body = `^\\${body.slice(1)}`;
  return `[${body.replace(/(?<!\\)\[/g, '\\[')}]`;
}

/** A lookbehind body PCRE accepts: no open-ended or ranged quantifier (alternatives may differ). */
function fixedLength(body: string): boolean {
  const withoutClasses = body.replace(/\\./g, 'x').replace(/\[[^\]]*\]/g, 'x');
  if (/[*+]|(?<!\()\?/.test(withoutClasses)) return false;
  for (const m of withoutClasses.matchAll(/\{(\d+),(\d*)\}/g)) if (m[1] !== m[2]) return false;
  return true;
}
