import { printParseErrorCode, type ParseErrorCode } from 'jsonc-parser';
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

/** An open (or just closed) object or array, as an error message names it. */
export interface JsonContainer {
  kind: 'object' | 'array';
  start: number;
  /** How a message names it: 'prompts', or 'the top-level object'; built only when an error needs it. */
  name(): string;
}

/** Where the parse stood when an error came: the container it is in, the one it just closed, the last comma. */
export interface JsonErrorContext {
  open: JsonContainer | undefined;
  closed: JsonContainer | undefined;
  lastComma: number;
}

/**
 * The places where a .json file is not JSON as RFC 8259 defines it, collected while json-tree.ts
 * reads the file with jsonc-parser (strict options). The runtimes that load packs and configs use
 * strict JSON parsers. jsonc-parser recovers after an error, so every mistake of the file is
 * reported, not just the first; its errors cascade from one mistake, so one per line is kept,
 * worded for JSON.
 */
export class JsonErrors {
  private readonly out: JsonSyntaxError[] = [];
  private readonly lines = new Set<number>();
  private readonly offsets = new Set<number>();

  /** `scanned` is the text as parsed (a byte order mark blanked). */
  constructor(
    private readonly scanned: string,
    private readonly lineAt: (offset: number) => number,
  ) {}

  /** A mistake named for what it is is always kept; a generic one only on a line with no other (it is likely an echo). */
  add(code: ParseErrorCode, offset: number, length: number, context: JsonErrorContext): void {
    const error = describe(this.scanned, code, offset, length, context);
    const line = this.lineAt(error.span.start);
    if (this.offsets.has(error.span.start) || (!error.named && this.lines.has(line))) return;
    this.lines.add(line);
    this.offsets.add(error.span.start);
    this.out.push(error);
  }

  get count(): number {
    return this.out.length;
  }

  sorted(): JsonSyntaxError[] {
    return this.out.sort((a, b) => a.span.start - b.span.start);
  }
}

function describe(
  scanned: string,
  errorCode: ParseErrorCode,
  offset: number,
  length: number,
  { open, closed, lastComma }: JsonErrorContext,
): JsonSyntaxError {
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
    const what = token[0] === '}' ? 'property' : 'item';
    return {
      span: { start: lastComma, end: lastComma + 1 },
      message: `trailing comma after the last ${what} of ${open?.name() ?? 'the collection'}; remove it`,
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
          open?.kind === 'object' && /[{,]\s*$/.test(scanned.slice(Math.max(0, offset - 80), offset)),
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
