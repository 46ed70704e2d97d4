import { memoryHost } from '@orchlint/core';
import { describe, expect, it } from 'vitest';
import { projectAt, roleOf } from '../src/project.js';

/** The project's discovered workflows other than self.yaml, with the names their lines declare (as the old per-file scan gave them); the model keeps no text, the host holds it. */
function discoveredNames(self: string, host: ReturnType<typeof memoryHost>) {
  const project = projectAt('repo', host);
  const names = project.loaded
    .filter((w) => w.path !== self && w.declared)
    .map((w) => ({
      source: { path: w.path, text: host.readFile(w.path)! },
      name: w.declared!.name,
      span: w.declared!.span,
    }));
  return { consulted: project.consulted, names };
}

const W = 'repo/.archon/workflows';

describe('discoveredNames', () => {
  it('reads the discovered workflows of the project: its files, grouping folders and packages (0.9 discovery)', () => {
    const host = memoryHost({
      [`${W}/self.yaml`]: 'name: self\n',
      [`${W}/plain.yml`]: 'name: plain # a comment\ndescription: x\n',
      [`${W}/quoted.yaml`]: "description: first\nname: 'quoted name'\n",
      [`${W}/group/a.yaml`]: 'name: a\n',
      [`${W}/group/b.yaml`]: 'name: b\n',
      [`${W}/team/ops/deploy.yaml`]: 'name: packaged\n',
      [`${W}/team/bad/x.yaml`]: 'name: x\n',
      [`${W}/team/bad/y.yaml`]: 'name: y\n',
      [`${W}/team/ops/fixtures/run.stubs.yaml`]: 'name: stub\n',
      [`${W}/team/ops/old/deep.yaml`]: 'name: deep\n',
      [`${W}/README.md`]: 'name: not a workflow\n',
    });
    const project = projectAt('repo', host);
    expect(project.badPackages).toEqual(new Map([['team/bad', ['x.yaml', 'y.yaml']]]));
    const { names } = discoveredNames(`${W}/self.yaml`, host);
    expect(names.map((n) => [n.source.path, n.name])).toEqual([
      [`${W}/group/a.yaml`, 'a'],
      [`${W}/group/b.yaml`, 'b'],
      [`${W}/plain.yml`, 'plain'],
      [`${W}/quoted.yaml`, 'quoted name'],
      [`${W}/team/ops/deploy.yaml`, 'packaged'],
    ]);
    const quoted = names[3]!;
    expect(quoted.source.text.slice(quoted.span.start, quoted.span.end)).toBe("'quoted name'");
  });

  it('leaves out a name its line cannot settle alone', () => {
    const host = memoryHost({
      [`${W}/self.yaml`]: 'name: self\n',
      [`${W}/block.yaml`]: 'name: |\n  self\n',
      [`${W}/continued.yaml`]: 'name: self\n  and more\n',
      [`${W}/flow.yaml`]: '{ name: self }\n',
      [`${W}/nested.yaml`]: 'meta:\n  name: self\n',
      [`${W}/unclosed.yaml`]: 'name: "self\n',
    });
    expect(discoveredNames(`${W}/self.yaml`, host).names).toEqual([]);
  });

  it('leaves out a name continued past a blank line, on a CRLF line, or after a lone CR', () => {
    const host = memoryHost({
      [`${W}/self.yaml`]: 'name: self\n',
      [`${W}/blank.yaml`]: 'name: self\n\n  and more\n',
      [`${W}/crlf.yaml`]: 'name: self\r\n  and more\r\n',
      [`${W}/lone-cr.yaml`]: 'name: self\r  and more\n',
    });
    expect(discoveredNames(`${W}/self.yaml`, host).names).toEqual([]);
  });

  it('reads no name from a line inside a flow mapping or a scalar that spans lines', () => {
    const host = memoryHost({
      [`${W}/self.yaml`]: 'name: self\n',
      [`${W}/flow.yaml`]: '{\nname: self,\nnodes: []\n}\n',
      [`${W}/marked.yaml`]: '# a flow-style workflow\n--- {\nname: self,\nnodes: []\n}\n',
      [`${W}/quoted.yaml`]: '"not a workflow\nname: self,"\n',
      [`${W}/literal.yaml`]: '--- |\nname: self,\n',
      [`${W}/marker.yaml`]: '%YAML 1.2\n---\n[\nname: self,\n]\n',
    });
    expect(discoveredNames(`${W}/self.yaml`, host).names).toEqual([]);
  });

  it('reads the name of a CRLF file, of a file that starts with a byte order mark, and one with a line separator', () => {
    const host = memoryHost({
      [`${W}/self.yaml`]: 'name: self\n',
      [`${W}/crlf.yaml`]: 'description: x\r\nname: windows\r\nnodes: []\r\n',
      [`${W}/bom.yaml`]: '\uFEFFname: marked\nnodes: []\n',
      [`${W}/separator.yaml`]: 'name: one\u2028line\n',
    });
    const names = discoveredNames(`${W}/self.yaml`, host).names;
    expect(names.map((n) => [n.name, n.source.text.slice(n.span.start, n.span.end)])).toEqual([
      ['marked', 'marked'],
      ['windows', 'windows'],
      ['one\u2028line', 'one\u2028line'],
    ]);
  });

  it('finds nothing when the project has no .archon/workflows folder', () => {
    expect(
      discoveredNames('repo/workflows/x.yaml', memoryHost({ 'repo/workflows/y.yaml': 'name: x\n' })).names,
    ).toEqual([]);
  });
});

describe('roleOf and the project, at the edges of 0.9 discovery', () => {
  it('gives each path the role 0.9 discovery gives it', () => {
    expect(
      [
        'deploy.yaml',
        'deploy.YAML',
        'team/deploy.Yml',
        'team/deploy/deploy.YAML',
        'team/deploy/deploy.yaml',
        'team/deploy/fixtures/clean.stubs.yaml',
        'team/deploy/fixtures/notes.yaml',
        'team/fixtures/clean.stubs.yaml',
        'team/fixtures/deploy.yaml',
        'fixtures/clean.stubs.yaml',
        'fixtures/deploy.yaml',
        'team/ops/old/deploy.yaml',
      ].map((rel) => [rel, roleOf(rel)]),
    ).toEqual([
      ['deploy.yaml', { kind: 'flat' }],
      ['deploy.YAML', { kind: 'unmatched-extension', depth: 0 }],
      ['team/deploy.Yml', { kind: 'unmatched-extension', depth: 1 }],
      ['team/deploy/deploy.YAML', { kind: 'unmatched-extension', depth: 2 }],
      ['team/deploy/deploy.yaml', { kind: 'packaged', folder: 'team/deploy' }],
      ['team/deploy/fixtures/clean.stubs.yaml', { kind: 'stub-fixture', folder: 'team/deploy' }],
      ['team/deploy/fixtures/notes.yaml', { kind: 'resource' }],
      ['team/fixtures/clean.stubs.yaml', { kind: 'stub-fixture', folder: 'team' }],
      // A group's fixtures/ is a package folder to 0.9, the root's a grouping folder.
      ['team/fixtures/deploy.yaml', { kind: 'packaged', folder: 'team/fixtures' }],
      ['fixtures/clean.stubs.yaml', { kind: 'stub-fixture', folder: '' }],
      ['fixtures/deploy.yaml', { kind: 'flat' }],
      ['team/ops/old/deploy.yaml', { kind: 'too-deep', depth: 3 }],
    ]);
  });

  it("reads a group's fixtures/ as a package, and records files of one name in the folder and its groups", () => {
    const host = memoryHost({
      [`${W}/deploy.yaml`]: 'name: deploy\n',
      [`${W}/team/deploy.yaml`]: 'name: team-deploy\n',
      [`${W}/team/fixtures/a.stubs.yaml`]: 'plan: x\n',
      [`${W}/team/fixtures/b.stubs.yaml`]: 'plan: y\n',
      [`${W}/team/ops/old/deep.yaml`]: 'name: deep\n',
      [`${W}/team/pk/pk.YAML`]: 'name: pk\n',
      [`${W}/loud.YAML`]: 'name: loud\n',
    });
    const project = projectAt('repo', host);
    expect(project.badPackages).toEqual(
      new Map([
        ['team/fixtures', ['a.stubs.yaml', 'b.stubs.yaml']],
        ['team/ops', []],
        ['team/pk', []],
      ]),
    );
    expect(project.flatOverrides).toEqual(
      new Map([
        ['deploy.yaml', ['team/deploy.yaml']],
        ['team/deploy.yaml', ['deploy.yaml']],
      ]),
    );
    expect(project.loaded.map((w) => w.rel)).toEqual(['deploy.yaml', 'team/deploy.yaml']);
  });
});
