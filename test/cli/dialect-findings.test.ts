import { describe, expect, it } from 'vitest';
import { orchlint, tempFiles } from '../support/orchlint-bin.js';

const compact = (args: string[], cwd: string) => {
  const r = orchlint(['--format', 'compact', ...args], { cwd });
  return { code: r.code, lines: r.stdout.trim().split('\n').filter(Boolean), stderr: r.stderr };
};

// What a dialect says while loading (an empty file, a document that is not a mapping) has the
// dialect's own id: configurable and suppressible without touching core/yaml-syntax.
describe('dialect findings', () => {
  it('an empty x.pack.yaml and an empty x.pack.json get the same finding and severity', () => {
    const dir = tempFiles({ 'a.pack.yaml': '', 'b.pack.json': '', 'c.pack.yaml': '# nothing yet\n' });
    const r = compact(['.'], dir);
    expect(r.code).toBe(1);
    const empty =
      'error the file is empty; a pack needs at least id, name, version, template_engine and prompts [promptpack/empty-file]';
    expect(r.lines).toEqual([`a.pack.yaml:1:1: ${empty}`, `b.pack.json:1:1: ${empty}`, `c.pack.yaml:1:1: ${empty}`]);
  });

  it('a pack or workflow that is not a mapping has its dialect id', () => {
    const dir = tempFiles({
      'p.pack.json': '[1]\n',
      '.archon/workflows/w.yaml': '- a\n',
      '.archon/workflows/e.yaml': '',
    });
    expect(compact(['.'], dir).lines).toEqual([
      '.archon/workflows/e.yaml:1:1: error the file is empty; an Archon workflow is a mapping with name, description and nodes [archon/empty-file]',
      '.archon/workflows/w.yaml:1:1: error the file is not a mapping; an Archon workflow is a mapping with name, description and nodes [archon/not-a-mapping]',
      'p.pack.json:1:1: error a pack must be a mapping (a JSON object) at the top level [promptpack/not-a-mapping]',
    ]);
  });

  it('is configured by its id, and core/yaml-syntax off does not hide it', () => {
    const dir = tempFiles({
      'a.pack.json': '',
      'orchlint.config.yaml': 'rules:\n  core/yaml-syntax: off\n  promptpack/empty-file: warning\n',
    });
    const r = compact(['.'], dir);
    expect(r.stderr).toBe('');
    expect(r.lines).toEqual([
      'a.pack.json:1:1: warning the file is empty; a pack needs at least id, name, version, template_engine and prompts [promptpack/empty-file]',
    ]);
  });

  it('is listed by orchlint rules', () => {
    const r = orchlint(['rules']);
    expect(r.stdout).toContain('promptpack/empty-file');
    expect(r.stdout).toContain('archon/not-a-mapping');
  });
});
