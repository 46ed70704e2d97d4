import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/cli.js';
import { cliBin, repoRoot } from '../support/paths.js';

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const docs = readdirSync(path.join(repoRoot, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const version = spawnSync(process.execPath, [cliBin, '--version'], { encoding: 'utf8' }).stdout.trim();

/** The code blocks of a Markdown text with their info string. */
const blocks = (text: string) =>
  [...text.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1]!, body: m[2]! }));

describe('the README', () => {
  it("holds the stylish report orchlint prints for the demo files now, and the built playground's sizes (pnpm readme:update)", () => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/readme-report.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = /```console\n\$ orchlint fixtures\/demo\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(report).toMatch(/^✖ \d+ problems \(0 errors, \d+ warnings, \d+ info\) in \d+ files checked$/m);
    expect(report).not.toMatch(/\u001b\[/);
    for (const dialect of ['promptpack', 'archon', 'prompt-runner']) expect(report).toContain(`[${dialect}/`);
  });

  it('has a Quick start of two lines: install and run on the demo files, then the test run CI runs', () => {
    const section = readme.split(/^## /m).find((s) => s.startsWith('Quick start\n'))!;
    const sh = blocks(section);
    expect(sh).toHaveLength(1);
    expect(sh[0]!.lang).toBe('sh');
    const lines = sh[0]!.body.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const install = 'npm i -g -E pnpm@12.4.2 && pnpm install --frozen-lockfile';
    expect(lines[0]).toBe(
      `${install} && pnpm build && npm pack --silent && npm i -g ./orchlint-${version}.tgz && orchlint fixtures/demo`,
    );
    expect(lines[1]).toBe(`${install} && pnpm test`);
    expect(readFileSync(path.join(repoRoot, '.ci/run'), 'utf8').split('\n')).toContain(lines[1]);
  });

  it("pins the pre-commit rev, the action reference and the GitLab clone to what exists: this version's tag once there is one, else a commit id", () => {
    const tagged = spawnSync('git', ['tag', '--list', `v${version}`], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).stdout.trim();
    const ref = tagged ? `v${version}` : 'COMMIT_ID';
    expect(readme).toMatch(new RegExp(`^ {4}rev: ${ref}\\b`, 'm'));
    expect(readme).toContain(`- uses: orchlint/orchlint@${ref}`);
    expect(readme).toContain(
      tagged ? `--branch ${ref} https://github.com/orchlint/orchlint.git` : `checkout --quiet ${ref}`,
    );
    // No example names a tag the repository does not have.
    for (const [, tag] of readme.matchAll(/(?:rev: |orchlint\/orchlint@|--branch )(v\d[\w.-]*)/g))
      expect(spawnSync('git', ['tag', '--list', tag!], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim(), tag).toBe(
        tag,
      );
    if (!tagged)
      expect(readme).toContain('`pre-commit autoupdate` replaces `COMMIT_ID` with the id of the newest commit');
    expect(readme).toContain(`orchlint-${version}.tgz`);
  });

  it('and the docs link only to files of the repository, never to ../shared', () => {
    for (const file of ['README.md', ...docs]) {
      const text = readFileSync(path.join(repoRoot, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        expect(target, `${file} links to ${target}`).not.toMatch(/(^|\/)\.\.\/shared\b/);
        expect(
          existsSync(path.resolve(repoRoot, path.dirname(file), target!)),
          `${file} links to ${target}, which does not exist`,
        ).toBe(true);
      }
    }
  });

  it('runs every `orchlint` command of its sh blocks as written, in one folder, after the Quick start', () => {
    const work = makeTempDir('orchlint-readme-');
    cpSync(path.join(repoRoot, 'fixtures/demo'), path.join(work, 'fixtures/demo'), { recursive: true });
    const bin = path.join(work, '.bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'orchlint'), `#!/bin/sh\nexec "${process.execPath}" "${cliBin}" "$@"\n`);
    chmodSync(path.join(bin, 'orchlint'), 0o755);
    const hasDot = spawnSync('dot', ['-V']).status === 0;
    const commands = blocks(readme)
      .filter((b) => b.lang === 'sh')
      .flatMap((b) => b.body.split('\n'))
      .filter((l) => l.startsWith('orchlint '));
    expect(commands.length).toBeGreaterThan(15);
    for (const command of commands) {
      if (!hasDot && /\| dot\b/.test(command)) {
        console.log(`notice: Graphviz's dot is not on PATH; not run: ${command}`);
        continue;
      }
      const r = spawnSync('bash', ['-o', 'pipefail', '-c', command], {
        cwd: work,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', PATH: `${bin}${path.delimiter}${process.env.PATH}` },
      });
      // 0 or 1 (findings): the command ran; 2 would be a usage error in the README.
      expect([0, 1], `${command}\n${r.stderr}`).toContain(r.status);
      expect(r.stderr, command).not.toMatch(/error:|\n\s+at /);
    }
    for (const written of [
      'orchlint.sarif',
      'out.sarif',
      'junit.xml',
      'gl-code-quality-report.json',
      '.orchlint-baseline.json',
      ...(hasDot ? ['research.svg'] : []),
    ]) {
      expect(existsSync(path.join(work, written)), written).toBe(true);
    }
  }, 300_000);
});
