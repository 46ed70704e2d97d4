import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir, writeTree } from '../support/cli.js';
import { lintPaths } from '../support/lint.js';

/** Inputs that crashed a rule or a model builder (found by fuzzing): each now gets findings, not a core/internal-error. */
const prompt = (id: string, extra = '') =>
  `---\nid: "${id}"\ntargets: ["app"]\n${extra}verify:\n  files_exist: ["NOTES.md"]\n---\n# Write notes\n`;
const manifest = (extra = '') =>
  `---\nname: "p"\nrepos:\n  app:\n    path: "./app"\n    default: true\n${extra}---\n# Packet\n`;

const cases: Record<string, Record<string, string>> = {
  'an alias cycle in packet front matter': {
    'prompt_runner_packet.md': '---\nname: "p"\nrepos:\n  app: &a {default: *a}\n---\n# Packet\n',
    'prompts/01_write.prompt.md': prompt('01'),
  },
  'front-matter keys named hasOwnProperty and constructor': {
    'prompt_runner_packet.md': manifest('hasOwnProperty: "x"\nconstructor: "y"\ntoString: 1\n'),
    'prompts/01_write.prompt.md': prompt('01', 'hasOwnProperty: 1\nconstructor: {a: 1}\n'),
  },
  'a packet manifest with no front matter': {
    'prompt_runner_packet.md': '# Packet without front matter\n',
    'prompts/01_write.prompt.md': prompt('01', 'depends_on: ["02"]\n'),
    'prompts/02_review.prompt.md': prompt('02', 'depends_on: ["01"]\n'),
  },
  'two prompts sharing an id, the second depending on it': {
    'prompt_runner_packet.md': manifest(),
    'prompts/01_write.prompt.md': prompt('01'),
    'prompts/01_again.prompt.md': prompt('01', 'depends_on: ["01"]\n'),
  },
  'an empty packet manifest': {
    'prompt_runner_packet.md': '',
    'prompts/01_write.prompt.md': prompt('01', 'depends_on: ["01"]\n'),
  },
  'two prompts sharing an id, with depends_on': {
    'prompt_runner_packet.md': manifest(),
    'prompts/01_write.prompt.md': prompt('01', 'depends_on: ["02"]\n'),
    'prompts/01_again.prompt.md': prompt('01', 'depends_on: ["01"]\n'),
    'prompts/02_review.prompt.md': prompt('02', 'depends_on: ["01"]\n'),
  },
  'an alias cycle in an Archon workflow': {
    '.archon/workflows/w.yaml': 'name: w\ndescription: d\nnodes: &n\n  - id: a\n    prompt: hi\n    depends_on: *n\n',
  },
  'an alias cycle in a pack': {
    'p.promptpack.yaml':
      'id: p\nname: P\nversion: 1.0.0\ntemplate_engine: {version: v1, syntax: "{{x}}"}\nprompts: &p\n  a: {id: a, name: A, version: 1.0.0, system_template: hi, more: *p}\n',
  },
};

let dir: string;
beforeAll(() => {
  dir = makeTempDir();
  for (const [name, files] of Object.entries(cases)) {
    writeTree(path.join(dir, name.replace(/\W+/g, '-')), files);
  }
});
afterAll(() => removeDir(dir));

describe('inputs that crashed orchlint', () => {
  it.each(Object.keys(cases))('%s: findings, no internal error', (name) => {
    const found = lintPaths([path.join(dir, name.replace(/\W+/g, '-'))]);
    expect(found.filter((d) => d.rule === 'core/internal-error').map((d) => d.message)).toEqual([]);
    expect(found.length).toBeGreaterThan(0);
  });

  it('an alias inside the node it names is reported where it is', () => {
    const found = lintPaths([path.join(dir, 'an-alias-cycle-in-a-pack')]);
    expect(found.find((d) => d.rule === 'core/yaml-syntax')).toMatchObject({
      range: { start: { line: 5 } },
      message: expect.stringContaining('the alias *p is inside the node it names'),
    });
  });
});
