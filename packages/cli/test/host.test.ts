import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fileHost, type ReadMemo } from '../src/host.js';

/** A step taken right after a path is resolved: a link swapped while the host reads through it. */
const race = vi.hoisted(() => ({ afterResolving: undefined as ((p: string) => void) | undefined }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const native = (p: string) => {
    const real = fs.realpathSync.native(p);
    race.afterResolving?.(p);
    return real;
  };
  return {
    ...fs,
    realpathSync: Object.assign((p: string) => fs.realpathSync(p), { native }) as typeof fs.realpathSync,
  };
});

const top = realpathSync(mkdtempSync(path.join(tmpdir(), 'orchlint-file-host-')));
const root = path.join(top, 'root');
const outside = path.join(top, 'outside');
mkdirSync(root);
mkdirSync(outside);
writeFileSync(path.join(root, 'mine.yaml'), 'name: mine\n');
writeFileSync(path.join(outside, 'secret.yaml'), 'name: secret\n');

/** Swaps `link` to point outside the root once it has been resolved. */
function swapAfterResolving(link: string, to: string): void {
  race.afterResolving = (p) => {
    if (path.resolve(p) !== link) return;
    race.afterResolving = undefined;
    unlinkSync(link);
    symlinkSync(to, link);
  };
}

afterEach(() => {
  race.afterResolving = undefined;
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('fileHost', () => {
  it('reads the file it found inside the root, though a link is swapped to point outside right after', () => {
    const link = path.join(root, 'file-link.yaml');
    symlinkSync(path.join(root, 'mine.yaml'), link);
    swapAfterResolving(link, path.join(outside, 'secret.yaml'));
    expect(fileHost(root).readFile(link)).toBe('name: mine\n');
  });

  it('lists the folder it found inside the root, though a link is swapped to point outside right after', () => {
    const link = path.join(root, 'folder-link');
    symlinkSync(root, link);
    swapAfterResolving(link, outside);
    expect(fileHost(root).readDir(link)?.sort()).toEqual(['file-link.yaml', 'folder-link', 'mine.yaml']);
  });

  it('answers each read of a run once, from its memo, per root', () => {
    const memo: ReadMemo = new Map();
    const file = path.join(root, 'memo.yaml');
    writeFileSync(file, 'name: before\n');
    expect(fileHost(root, memo).readFile(file)).toBe('name: before\n');
    writeFileSync(file, 'name: after\n');
    expect(fileHost(root, memo).readFile(file)).toBe('name: before\n');
    expect(fileHost(outside, memo).readFile(file)).toBeUndefined();
    expect(fileHost(root).readFile(file)).toBe('name: after\n');
  });
});
