import { printParseErrorCode, visit, type ParseErrorCode } from 'jsonc-parser';
import type { Span } from './source.js';

/** A strict-JSON finding: where, what, and for an unclosed bracket where it was opened. */
export interface JsonSyntaxError {
  span: Span;
  message: string;
  related?: { span: Span; message: string };
  /** Set when the message names the mistake (a comment, a trailing comma) rather than what the parser expected. */
  named?: boolean;
}

/** Files read as JSON (RFC 8259) rather than YAML. */
export function isJsonPath(path: string): boolean {
  return /\.json$/i.test(path);
}

interface Container {
  kind: 'object' | 'array';
  start: number;
  /** How a message names it: 'prompts', or 'the top-level object'. */
  name: string;
}

/**
 * The places where `text` is not JSON as RFC 8259 defines it. The runtimes that load packs and
 * configs use strict JSON parsers, but YAML (which reads the tree) accepts trailing commas,
 * comments, single quotes and bare words; so every .json file is scanned strictly as well.
 * jsonc-parser (Microsoft's, the one VS Code's JSON support uses) rather than momoa: its visitor
 * streams events without building a second tree, so the extra pass is a fraction of the YAML
 * parse, and it recovers after an error, so every mistake of the file is reported, not just the first.
 * Its errors cascade from one mistake, so one per line is kept, worded for JSON.
 */
export function jsonSyntaxErrors(text: string, lineAt: (offset: number) => number): JsonSyntaxError[] {
  // A byte order mark is allowed to be ignored (RFC 8259 §8.1); blanking it keeps every offset.
  const scanned = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  // An empty file is for the dialect to name (it knows what the file should hold).
  if (scanned.trim() === '') return [];
  const out: JsonSyntaxError[] = [];
  const stack: Container[] = [];
  const lines = new Set<number>();
  let property: string | undefined;
  let lastComma = -1;
  let closed: Container | undefined;
  const offsets = new Set<number>();
  /** A mistake named for what it is is always kept; a generic one only on a line with no other (it is likely an echo). */
  const push = (error: JsonSyntaxError, named: boolean) => {
    const line = lineAt(error.span.start);
    if (offsets.has(error.span.start) || (!named && lines.has(line))) return;
    lines.add(line);
    offsets.add(error.span.start);
    out.push(error);
  };
  const open = (kind: Container['kind'], start: number) => {
    const parent = stack[stack.length - 1];
    const name = !parent
      ? `the top-level ${kind}`
      : parent.kind === 'object' && property !== undefined
        ? `'${property}'`
        : `an item of ${parent.name}`;
    stack.push({ kind, start, name });
    property = undefined;
  };
  visit(
    scanned,
    {
      onObjectBegin: (offset) => open('object', offset),
      onArrayBegin: (offset) => open('array', offset),
      // jsonc-parser ends a container before it reports the missing closer: keep which one it was.
      onObjectEnd: () => (closed = stack.pop()),
      onArrayEnd: () => (closed = stack.pop()),
      onObjectProperty: (name) => {
        property = name;
      },
      onSeparator: (character, offset) => {
        if (character === ',') lastComma = offset;
      },
      onError: (code, offset, length) => {
        const error = describe(code, offset, length);
        push(error, error.named === true);
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return out.sort((a, b) => a.span.start - b.span.start);

  function describe(errorCode: ParseErrorCode, offset: number, length: number): JsonSyntaxError {
    const code = printParseErrorCode(errorCode);
    const token = scanned.slice(offset, offset + Math.max(length, 1));
    const at = { start: offset, end: offset + Math.max(length, 1) };
    const closer = token[0] === '}' || token[0] === ']';
    if (
      (code === 'PropertyNameExpected' || code === 'ValueExpected') &&
      closer &&
      lastComma >= 0 &&
      /^\s*$/.test(scanned.slice(lastComma + 1, offset))
    ) {
      const container = stack[stack.length - 1];
      const what = token[0] === '}' ? 'property' : 'item';
      return {
        span: { start: lastComma, end: lastComma + 1 },
        message: `trailing comma after the last ${what} of ${container?.name ?? 'the collection'}; remove it`,
        named: true,
      };
    }
    switch (code) {
      case 'InvalidCommentToken':
      case 'UnexpectedEndOfComment':
        return { span: at, message: 'JSON has no comments; remove this one', named: true };
      case 'InvalidSymbol':
        return {
          span: at,
          message: symbolMessage(
            token,
            stack[stack.length - 1]?.kind === 'object' &&
              /[{,]\s*$/.test(scanned.slice(Math.max(0, offset - 80), offset)),
          ),
          named: true,
        };
      case 'UnexpectedEndOfString':
        return { span: at, message: `this string is never closed; add the closing '"'`, named: true };
      case 'InvalidCharacter':
        return {
          span: at,
          message: 'a control character (tab, line break) inside a JSON string must be escaped, as \\t or \\n',
          named: true,
        };
      case 'InvalidEscapeCharacter':
      case 'InvalidUnicode':
        return {
          span: at,
          message: 'invalid escape sequence; JSON knows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX',
          named: true,
        };
      case 'InvalidNumberFormat':
      case 'UnexpectedEndOfNumber':
        return { span: at, message: 'malformed number' };
      case 'CommaExpected':
        if (/^\d/.test(token) && /(^|[^\d.eE+-])-?0$/.test(scanned.slice(Math.max(0, offset - 3), offset))) {
          return {
            span: { start: offset - 1, end: offset },
            message: 'JSON numbers have no leading zeros',
            named: true,
          };
        }
        return { span: at, message: "expected ',' before this" };
      case 'ColonExpected':
        return { span: at, message: "expected ':' after the property name" };
      case 'PropertyNameExpected':
        return { span: at, message: 'expected a property name in double quotes' };
      case 'ValueExpected':
        return { span: at, message: 'expected a value' };
      case 'CloseBraceExpected':
      case 'CloseBracketExpected': {
        const close = code === 'CloseBraceExpected' ? '}' : ']';
        const opened = closed;
        const start = opened?.start ?? offset;
        return {
          span: { start, end: start + 1 },
          message: `this '${close === '}' ? '{' : '['}' is never closed; add the matching '${close}'`,
          related: {
            span: { start: offset, end: offset },
            message: `the parser reached this point without finding the closing '${close}'`,
          },
          named: true,
        };
      }
      case 'EndOfFileExpected':
        return { span: at, message: 'text after the end of the JSON value; a JSON document holds one value' };
      default:
        return { span: at, message: 'not valid JSON here' };
    }
  }
}

function symbolMessage(token: string, propertyName: boolean): string {
  if (token.startsWith("'")) {
    const inner = token.replace(/^'|'$/g, '');
    return `JSON strings use double quotes; write "${inner}" instead of ${token}`;
  }
  if (propertyName) return `property names in JSON are double-quoted strings; write "${token}"`;
  if (/^[-+]?(NaN|Infinity)$/.test(token)) return `${token} is not a JSON value; use a number, or null`;
  if (token === 'undefined') return 'undefined is not a JSON value; use null, or leave the property out';
  return `'${token}' is not a JSON value (strings are double-quoted)`;
}
