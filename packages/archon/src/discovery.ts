import { detached, type Span } from '@orchlint/core';
import { parseYaml } from '@orchlint/core/yaml-parse';
import { isMap, isScalar } from 'yaml';

/** A top-level `name` key, at the start of a line (or of the file, after a byte order mark). */
const NAME_KEY = /^\uFEFF?name[ \t]*:/m;
/**
 * The first line with content (past blank and comment lines, directives and a bare `---`) opening a
 * flow collection or a scalar: such a root has no name key, whatever its lines look like. (A first
 * key in quotes is taken for such a scalar too: its name is then left out.)
 */
const NOT_A_BLOCK_MAPPING = /^\uFEFF?(?:(?:[ \t]*(?:#.*)?|%.*|---[ \t]*(?:#.*)?)(?:\r?\n))*(?:---[ \t]+)?[[{|>"']/;

export function nameLine(text: string): { name: string; span: Span } | undefined {
  const key = NAME_KEY.exec(text);
  if (!key || NOT_A_BLOCK_MAPPING.test(text.slice(0, key.index))) return undefined;
  const start = key.index + (text.charCodeAt(key.index) === 0xfeff ? 1 : 0);
  const lineEnd = text.indexOf('\n', start);
  const line = text.slice(start, lineEnd < 0 ? text.length : lineEnd).replace(/\r$/, '');
  // An indented line after it (past blank ones) may continue a plain scalar or hold a block
  // scalar's text; a lone CR ends a line too, so what follows it cannot be told from here.
  if (lineEnd >= 0 && /^(?:[ \t]*\r?\n)*[ \t]+[^\s#]/.test(text.slice(lineEnd + 1))) return undefined;
  if (line.includes('\r')) return undefined;
  const parsed = parsedNameLine(line);
  return parsed && { name: parsed.name, span: { start: start + parsed.start, end: start + parsed.end } };
}

/**
 * Every workflow of a folder reads every other one's name line: each distinct line is parsed once.
 * (Bounded: the map starts over past a size no real project reaches.)
 */
const parsedLines = new Map<string, { name: string; start: number; end: number } | undefined>();

/**
 * `name: word` with a plain value YAML reads as that text (a letter first, so never a number, and
 * none of the words it reads as true, false or null), and at most a comment after it: most name
 * lines, read without a parse. Anything else goes to yaml.
 */
const PLAIN_NAME = /^name[ \t]*:[ \t]+([A-Za-z][\w./-]*)[ \t]*(?:[ \t]#.*)?$/;
const NOT_TEXT = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;

function parsedNameLine(text: string): { name: string; start: number; end: number } | undefined {
  const plain = PLAIN_NAME.exec(text);
  if (plain && !NOT_TEXT.test(plain[1]!)) {
    const start = text.indexOf(plain[1]!, text.indexOf(':') + 1);
    return { name: detached(plain[1]!), start, end: start + plain[1]!.length };
  }
  if (parsedLines.has(text)) return parsedLines.get(text);
  // Cut from a file's text: copied, so that the map and the project's name index do not hold every file.
  const line = detached(text);
  const doc = parseYaml(line);
  const value = isMap(doc.contents) ? doc.contents.items[0]?.value : undefined;
  const parsed =
    doc.errors.length || !isScalar(value) || typeof value.value !== 'string' || !value.range
      ? undefined
      : { name: detached(value.value), start: value.range[0], end: value.range[1] };
  if (parsedLines.size >= 10_000) parsedLines.clear();
  parsedLines.set(line, parsed);
  return parsed;
}
