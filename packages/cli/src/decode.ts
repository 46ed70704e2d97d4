import { isUtf8 } from 'node:buffer';

export interface DecodedText {
  text: string;
  /** Offset in `text` of the first byte that is not valid UTF-8 (shown there as U+FFFD). */
  invalidAt?: number;
}

const REPLACEMENT = '\uFFFD';
const ENCODED_REPLACEMENT = Buffer.from(REPLACEMENT, 'utf8');

export function decodeText(buffer: Buffer): DecodedText {
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
