import { describe, expect, it } from 'vitest';
import { Source } from '../src/index.js';

/** Every offset → position → offset round trip, and positions of each line's first character. */
function expectConsistent(source: Source): void {
  for (let offset = 0; offset <= source.text.length; offset++) {
    const p = source.positionAt(offset);
    const back = source.offsetAt(p);
    // Offsets inside a CRLF pair map to the end of the line's text, which is as far as a column reaches.
    expect(back <= offset && offset - back <= 1, `offset ${offset} → ${JSON.stringify(p)} → ${back}`).toBe(true);
  }
}

describe('Source positions', () => {
  it('LF: 0-based lines and columns', () => {
    const s = new Source('a.yaml', 'ab\ncd\n\nef');
    expect(s.lineCount).toBe(4);
    expect(s.positionAt(0)).toEqual({ line: 0, character: 0 });
    expect(s.positionAt(2)).toEqual({ line: 0, character: 2 });
    expect(s.positionAt(3)).toEqual({ line: 1, character: 0 });
    expect(s.positionAt(6)).toEqual({ line: 2, character: 0 });
    expect(s.positionAt(8)).toEqual({ line: 3, character: 1 });
    expect(s.offsetAt({ line: 1, character: 1 })).toBe(4);
    expect([0, 1, 2, 3].map((l) => s.lineText(l))).toEqual(['ab', 'cd', '', 'ef']);
    expectConsistent(s);
  });

  it('CRLF: the pair is one line break and never part of a line', () => {
    const s = new Source('a.yaml', 'ab\r\ncd\r\n\r\nef');
    expect(s.lineCount).toBe(4);
    expect(s.positionAt(4)).toEqual({ line: 1, character: 0 });
    expect(s.positionAt(10)).toEqual({ line: 3, character: 0 });
    expect([0, 1, 2, 3].map((l) => s.lineText(l))).toEqual(['ab', 'cd', '', 'ef']);
    expect(s.lineEnd(0)).toBe(2);
    expect(s.offsetAt({ line: 0, character: 99 })).toBe(2);
    expectConsistent(s);
  });

  it('a lone CR ends a line too, and mixed endings each count once', () => {
    const s = new Source('a.yaml', 'ab\rcd\r\nef\ngh');
    expect(s.lineCount).toBe(4);
    expect(s.positionAt(3)).toEqual({ line: 1, character: 0 });
    expect(s.positionAt(7)).toEqual({ line: 2, character: 0 });
    expect(s.positionAt(10)).toEqual({ line: 3, character: 0 });
    expect([0, 1, 2, 3].map((l) => s.lineText(l))).toEqual(['ab', 'cd', 'ef', 'gh']);
    expectConsistent(s);
  });

  it('astral characters count two UTF-16 code units, as LSP columns do', () => {
    const text = 'name: "🚀 go"\nnext: 😀x';
    const s = new Source('a.yaml', text);
    expect(s.positionAt(text.indexOf(' go'))).toEqual({ line: 0, character: 9 });
    expect(s.positionAt(text.lastIndexOf('x'))).toEqual({ line: 1, character: 8 });
    expect(s.offsetAt({ line: 1, character: 8 })).toBe(text.lastIndexOf('x'));
  });

  it('clamps offsets and positions outside the text', () => {
    const s = new Source('a.yaml', 'ab\ncd');
    expect(s.positionAt(-5)).toEqual({ line: 0, character: 0 });
    expect(s.positionAt(99)).toEqual({ line: 1, character: 2 });
    expect(s.offsetAt({ line: -1, character: 0 })).toBe(0);
    expect(s.offsetAt({ line: 7, character: 0 })).toBe(5);
    expect(s.offsetAt({ line: 0, character: -3 })).toBe(0);
    expect(s.lineText(9)).toBe('');
  });

  it('an empty text has one empty line', () => {
    const s = new Source('a.yaml', '');
    expect(s.lineCount).toBe(1);
    expect(s.positionAt(0)).toEqual({ line: 0, character: 0 });
    expect(s.lineText(0)).toBe('');
  });

  it('finds positions in a large text by binary search', () => {
    const text = 'key: value\n'.repeat(200_000);
    const s = new Source('big.yaml', text);
    expect(s.lineCount).toBe(200_001);
    expect(s.positionAt(text.length - 6)).toEqual({ line: 199_999, character: 5 });
    expect(s.offsetAt({ line: 123_456, character: 5 })).toBe(123_456 * 11 + 5);
  });
});

describe('a byte order mark', () => {
  it('stays in the text but is in no column', () => {
    const text = '\uFEFFid: x\nname: y';
    const s = new Source('a.yaml', text);
    expect(s.text).toBe(text);
    expect(s.positionAt(0)).toEqual({ line: 0, character: 0 });
    expect(s.positionAt(text.indexOf('x'))).toEqual({ line: 0, character: 4 });
    expect(s.positionAt(text.indexOf('y'))).toEqual({ line: 1, character: 6 });
    expect(s.offsetAt({ line: 0, character: 0 })).toBe(1);
    expect(s.offsetAt({ line: -1, character: 0 })).toBe(1);
    expect(s.lineText(0)).toBe('id: x');
    expect(s.lineCount).toBe(2);
  });
});
