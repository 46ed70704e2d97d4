import { describe, expect, it } from 'vitest';
import { memoryHost } from '../src/index.js';

describe('memoryHost', () => {
  const host = memoryHost({ 'a.yaml': 'x: 1', 'dir/b.yaml': 'y: 2' });

  it('serves the files it holds, by plain or ./ path, and lists folders', () => {
    expect(host.readFile('a.yaml')).toBe('x: 1');
    expect(host.readFile('./dir/b.yaml')).toBe('y: 2');
    expect(host.readDir('.')).toEqual(['a.yaml', 'dir']);
    expect(host.readDir('dir/')).toEqual(['b.yaml']);
  });

  it('holds no file named like an Object property (a unit may name any path)', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(host.readFile(name)).toBeUndefined();
  });
});
