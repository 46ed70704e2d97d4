import { isUtf8 } from 'node:buffer';

export interface DecodedText {
  text: string;
  /** Offset in `text` of the first byte that is not valid UTF-8 (shown there as U+FFFD). */
  invalidAt?: number;
  /** The encoding a byte order mark declared, when it is not UTF-8: the text was decoded from it. */
  encoding?: 'UTF-16LE' | 'UTF-16BE';
}

const REPLACEMENT = '\uFFFD';
const ENCODED_REPLACEMENT = Buffer.from(REPLACEMENT, 'utf8');

/** How far a file is looked into for a NUL byte, which no text in the formats holds: a binary file. */
const BINARY_PROBE = 8000;

/**
 * A file's bytes as orchlint reads them: UTF-8, or UTF-16 when a byte order mark says so (ASCII
 * text in UTF-16 is half NUL bytes, so it is told apart from a binary file first); undefined for a
 * binary file.
 */
export function decodeFile(buffer: Buffer): DecodedText | undefined {
  const utf16 = utf16Bom(buffer);
  if (utf16) return { text: new TextDecoder(utf16).decode(buffer), encoding: utf16 };
  if (buffer.subarray(0, BINARY_PROBE).includes(0)) return undefined;
  return decodeText(buffer);
}

/** UTF-16 by its byte order mark; a UTF-32 one (FF FE 00 00) is not UTF-16's. */
function utf16Bom(buffer: Buffer): DecodedText['encoding'] {
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return 'UTF-16BE';
  if (buffer[0] === 0xff && buffer[1] === 0xfe && !(buffer[2] === 0 && buffer[3] === 0)) return 'UTF-16LE';
  return undefined;
}

function decodeText(buffer: Buffer): DecodedText {
  const text = buffer.toString('utf8');
  if (isUtf8(buffer)) return { text };
  // Text before the first bad byte decodes one to one, so counting its bytes finds that byte; a
  // U+FFFD that the file really holds (bytes EF BF BD) is skipped.
  let bytes = 0;
  let from = 0;
  for (let i = text.indexOf(REPLACEMENT); i !== -1; i = text.indexOf(REPLACEMENT, i + 1)) {
    bytes += Buffer.byteLength(text.slice(from, i));
    from = i;
    if (!buffer.subarray(bytes, bytes + 3).equals(ENCODED_REPLACEMENT)) return { text, invalidAt: i };
  }
  return { text };
}
