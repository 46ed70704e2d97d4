import {
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { editorHost, readDiskText } from '../src/editor-host.js';

/**
 * What a test does to the file system from inside fs calls: the times stat reports (a file system
 * clock that ticks coarsely), and a step taken right after a path is resolved (a race).
 */
const disk = vi.hoisted(() => ({
  times: undefined as { mtimeMs: number; ctimeMs: number } | undefined,
  afterResolving: undefined as ((p: string) => void) | undefined,
}));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const stamped = <T>(stat: T): T => (stat && disk.times ? Object.assign(stat, disk.times) : stat);
  const statSync = ((p: string, options?: object) => stamped(fs.statSync(p, options))) as typeof fs.statSync;
  const fstatSync = ((fd: number, options?: object) => stamped(fs.fstatSync(fd, options))) as typeof fs.fstatSync;
  const native = (p: string) => {
    const real = fs.realpathSync.native(p);
    disk.afterResolving?.(p);
    return real;
  };
  const realpathSync = Object.assign((p: string) => fs.realpathSync(p), { native }) as typeof fs.realpathSync;
  return { ...fs, statSync, fstatSync, realpathSync };
});

const top = realpathSync(mkdtempSync(path.join(tmpdir(), 'orchlint-editor-host-')));
const root = path.join(top, 'workspace');
const outside = path.join(top, 'outside');
mkdirSync(root);
mkdirSync(outside);
let n = 0;
/** A new file path in the workspace for each test: the read memo is the process's. */
const fresh = (name: string) => path.join(root, `${n++}-${name}`);

afterEach(() => {
  disk.times = undefined;
  disk.afterResolving = undefined;
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('readDiskText', () => {
  it('reads a file again that was rewritten with the same size and its modification time put back', () => {
    const file = fresh('a.yaml');
    const yesterday = Math.floor(Date.now() / 1000) - 86_400;
    writeFileSync(file, 'name: a\n');
    utimesSync(file, yesterday, yesterday);
    expect(readDiskText(file, root)).toBe('name: a\n');
    writeFileSync(file, 'name: b\n');
    utimesSync(file, yesterday, yesterday);
    expect(statSync(file).mtimeMs).toBe(yesterday * 1000);
    expect(readDiskText(file, root)).toBe('name: b\n');
  });

  it('reads a file again that was written twice within one tick of the clock that stamps it', () => {
    const now = Date.now();
    disk.times = { mtimeMs: now, ctimeMs: now };
    const file = fresh('b.yaml');
    writeFileSync(file, 'name: a\n');
    expect(readDiskText(file, root)).toBe('name: a\n');
    writeFileSync(file, 'name: b\n');
    expect(readDiskText(file, root)).toBe('name: b\n');
  });

  it('does not read again a file whose stamp, long settled, did not change', () => {
    const then = Date.now() - 60_000;
    disk.times = { mtimeMs: then, ctimeMs: then };
    const file = fresh('c.yaml');
    writeFileSync(file, 'name: a\n');
    expect(readDiskText(file, root)).toBe('name: a\n');
    // Written behind the stamp's back: the memo's answer shows the disk was not read again.
    writeFileSync(file, 'name: b\n');
    expect(readDiskText(file, root)).toBe('name: a\n');
  });

  it('reads the file it found inside the folder, though a link is swapped to point outside right after', () => {
    const target = fresh('inside.yaml');
    const secret = path.join(outside, 'raced.yaml');
    writeFileSync(target, 'name: a\n');
    writeFileSync(secret, 'name: secret\n');
    const link = fresh('racing.yaml');
    symlinkSync(target, link);
    disk.afterResolving = (p) => {
      if (p !== link) return;
      disk.afterResolving = undefined;
      unlinkSync(link);
      symlinkSync(secret, link);
    };
    expect(readDiskText(link, root)).toBe('name: a\n');
    expect(readDiskText(link, root)).toBeUndefined();
  });

  it('refuses a link swapped to point outside the folder, a file replaced by a folder, and a deleted file', () => {
    const target = fresh('target.yaml');
    const secret = path.join(outside, 'secret.yaml');
    writeFileSync(target, 'name: a\n');
    writeFileSync(secret, 'name: s\n');
    const link = fresh('link.yaml');
    symlinkSync(target, link);
    expect(readDiskText(link, root)).toBe('name: a\n');
    unlinkSync(link);
    symlinkSync(secret, link);
    expect(readDiskText(link, root)).toBeUndefined();

    const file = fresh('d.yaml');
    writeFileSync(file, 'name: a\n');
    expect(readDiskText(file, root)).toBe('name: a\n');
    unlinkSync(file);
    expect(readDiskText(file, root)).toBeUndefined();
    mkdirSync(file);
    expect(readDiskText(file, root)).toBeUndefined();
  });
});

describe('editorHost', () => {
  it('serves no open buffer of a file outside the folder', () => {
    const elsewhere = path.join(outside, 'open.yaml');
    const inside = fresh('open.yaml');
    const buffers = new Map([
      [elsewhere, 'name: unsaved outside\n'],
      [inside, 'name: unsaved inside\n'],
    ]);
    const host = editorHost(root, (p) => buffers.get(p));
    expect(host.readFile(inside)).toBe('name: unsaved inside\n');
    expect(host.readFile(elsewhere)).toBeUndefined();
  });

  it('lists the folder it found inside, though a link is swapped to point outside right after', () => {
    const folder = fresh('listed');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'mine.yaml'), 'name: a\n');
    const link = fresh('racing-folder');
    symlinkSync(folder, link);
    disk.afterResolving = (p) => {
      if (p !== link) return;
      disk.afterResolving = undefined;
      unlinkSync(link);
      symlinkSync(outside, link);
    };
    expect(editorHost(root, () => undefined).readDir(link)).toEqual(['mine.yaml']);
  });
});
