import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { buildPlayground, noNodeBuiltins } from '../../packages/playground/build.mjs';

/** The site's scripts, bundled once for the file's tests (not written). */
let bundled: ReturnType<typeof buildPlayground> | undefined;
const built = () => (bundled ??= buildPlayground({ write: false }));

describe("the playground's browser bundle", () => {
  it('imports no Node built-in: the engine, dialects, rules and editor all run in a browser', async () => {
    const { found, code, shellCode, imports } = await built();
    expect(found).toEqual([]);
    // Classic scripts (what a file:// page may load), with nothing left for a loader to fetch.
    expect(imports).toEqual([]);
    expect(() => new Script(code)).not.toThrow();
    expect(() => new Script(shellCode)).not.toThrow();
  }, 120_000);

  it('leaves the shell parser (mvdan-sh, a GopherJS build) to a script the page loads when a file needs it', async () => {
    const { code, shellCode } = await built();
    const gopherJs = 'go1.17';
    expect(shellCode).toContain(gopherJs);
    expect(code).not.toContain(gopherJs);
  }, 120_000);

  it('would fail the build on one (the check is not vacuous)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-builtins-'));
    try {
      writeFileSync(
        path.join(dir, 'entry.js'),
        "import { readFileSync } from 'node:fs';\nimport path from 'path';\nexport const x = [readFileSync, path];\n",
      );
      const found: Array<{ source: string }> = [];
      const bundle = await rolldown({
        input: path.join(dir, 'entry.js'),
        platform: 'browser',
        plugins: [noNodeBuiltins(found)],
        logLevel: 'silent',
      });
      await bundle.generate({ format: 'iife' });
      await bundle.close();
      expect(found.map((f) => f.source).sort()).toEqual(['node:fs', 'path']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
