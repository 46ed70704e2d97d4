import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_PATTERNS } from '@orchlint/core';
import { dialects } from '@orchlint/rules';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../support/paths.js';

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'packages/vscode-extension/package.json'), 'utf8'));
const hooks = parse(readFileSync(path.join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Array<{
  id: string;
  files: string;
}>;
/** A hook's `files:` (a Python regex) in JavaScript: its one inline flag, a leading (?i), as the `i` flag. */
const hookPattern = (id: string) => {
  const files = hooks.find((h) => h.id === id)!.files;
  return files.startsWith('(?i)') ? new RegExp(files.slice(4), 'i') : new RegExp(files);
};

// Paths the CLI lints by name, paths it may lint by content, and paths it never does.
const named = [
  'support.pack.json',
  'support.pack.yaml',
  'packs/b.pack.yml',
  'packs/a.promptpack.yaml',
  'b.promptpack.yml',
  '.archon/workflows/fix.yaml',
  'sub/.archon/workflows/deep/x.yml',
  'packet/prompt_runner_packet.md',
  'packet/prompts/01_a.prompt.md',
];
const byContent = ['any/pack-by-content.yaml', 'data.json', 'workspace.yml', 'packet/prompts/notes.md'];
const never = ['src/index.ts', 'README.txt', 'image.png', 'x.yaml.bak'];

describe('one list of the files orchlint lints (packages/core/src/file-patterns.ts)', () => {
  it('the extension manifest, its document selector and the pre-commit hooks are what scripts/sync-file-patterns.mjs makes of it', () => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/sync-file-patterns.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('every named pattern activates the extension, and content-detected files by their language', () => {
    for (const { named } of Object.values(FILE_PATTERNS))
      for (const glob of named) expect(manifest.activationEvents).toContain(`workspaceContains:${glob}`);
    expect(manifest.activationEvents).toEqual(
      expect.arrayContaining(['onLanguage:json', 'onLanguage:yaml', 'onLanguage:markdown']),
    );
  });

  it('the extension and the pre-commit hook (orchlint --ignore-unknown) take every file the CLI may lint', async () => {
    const { NAMED_FILES, CONTENT_FILES } = await import('../../packages/vscode-extension/src/file-patterns.js');
    const selector = picomatch([...NAMED_FILES, CONTENT_FILES], { dot: true });
    for (const p of named) {
      expect(selector(p), p).toBe(true);
      expect(hookPattern('orchlint').test(p), p).toBe(true);
    }
    for (const p of byContent) {
      expect(selector(p), p).toBe(true);
      expect(hookPattern('orchlint').test(p), p).toBe(true);
    }
    // The walk's extension test ignores case; so does the hook's.
    for (const p of ['DATA.JSON', 'Flow.YML']) expect(hookPattern('orchlint').test(p), p).toBe(true);
    for (const p of never) {
      expect(selector(p), p).toBe(false);
      expect(hookPattern('orchlint').test(p), p).toBe(false);
    }
    const packet = hookPattern('orchlint-packet-lint');
    expect(
      ['packet/prompt_runner_packet.md', 'prompt_runner_packet.md', 'p/prompts/01_a.prompt.md'].every((p) =>
        packet.test(p),
      ),
    ).toBe(true);
    expect(['notes.md', 'x_prompt_runner_packet.md', 'a.pack.json'].some((p) => packet.test(p))).toBe(false);
  });

  it('every name a JSON file is claimed by has its YAML spellings too, and they activate the extension', () => {
    for (const { named } of Object.values(FILE_PATTERNS))
      for (const glob of named.filter((g) => g.endsWith('.json')))
        for (const ext of ['.yaml', '.yml']) {
          const yaml = glob.replace(/\.json$/, ext);
          expect(named, yaml).toContain(yaml);
          expect(manifest.activationEvents).toContain(`workspaceContains:${yaml}`);
        }
  });

  it('each dialect claims by name alone every file its named globs match, whatever the file holds', () => {
    // A glob's sample: every '**' a folder or two, every '*' a name.
    const samples = (glob: string) =>
      ['', 'a/', 'a/b/'].map((at) =>
        glob
          .replace(/^\*\*\//, at)
          .replace(/\*\*/g, 'x')
          .replace(/\*/g, 'name'),
      );
    for (const dialect of dialects) {
      const patterns = FILE_PATTERNS[dialect.id as keyof typeof FILE_PATTERNS];
      for (const glob of patterns.named)
        for (const p of samples(glob))
          for (const text of ['', '- a list\n', 'just: a mapping\n'])
            expect(dialect.detect(p, text), `${dialect.id} ${p}`).toBeTruthy();
    }
  });

  it('the extension runs in untrusted workspaces and contributes its three commands', () => {
    expect(manifest.capabilities.untrustedWorkspaces.supported).toBe(true);
    expect(
      manifest.contributes.commands.map((c: { category: string; title: string }) => `${c.category}: ${c.title}`),
    ).toEqual(['orchlint: Restart server', 'orchlint: Show output', 'orchlint: Fix all in file']);
  });
});
