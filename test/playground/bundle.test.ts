import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { buildPlayground, noNodeBuiltins } from '../../packages/playground/build.mjs';

describe("the playground's browser bundle", () => {
  it('imports no Node built-in: the engine, dialects, rules and editor all run in a browser', async () => {
    const { found, code, imports } = await buildPlayground({ write: false });
    expect(found).toEqual([]);
    // One classic script (what a file:// page may load), with nothing left for a loader to fetch.
    expect(imports).toEqual([]);
    expect(() => new Script(code)).not.toThrow();
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
