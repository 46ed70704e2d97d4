import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orchlint, tempFiles } from '../support/orchlint-bin.js';
import { cliBin, repoRoot } from '../support/paths.js';

const PACK =
  'id: x\nname: X\nversion: 1.0.0\ntemplate_engine: { version: v1, syntax: "{{v}}" }\nprompts: {}\n' +
  'workflow:\n  version: 1\n  entry: start\n  states:\n    start:\n      prompt_task: p\n      terminal: true\n      control: agent\n';
const RULE = 'promptpack/control-agent-on-terminal';
const WORKFLOW = `name: w
description: a branch and a node without a stub
nodes:
  - id: a
    bash: ./decide.sh
  - id: b
    depends_on: [a]
    when: "$a.output == 'yes'"
    prompt: Go.
  - id: c
    depends_on: [a]
    bash: echo hi
`;

type Content = Array<{ type: string; text?: string }>;
const textOf = (r: { content?: unknown }) => (r.content as Content).map((c) => c.text ?? '').join('\n');

/** The built CLI's `orchlint mcp`, driven by the SDK's own client, with `roots` declared (or not). */
async function connect(cwd: string, roots?: string[]): Promise<Client> {
  const client = new Client(
    { name: 'orchlint-test', version: '1.0.0' },
    { capabilities: roots ? { roots: { listChanged: true } } : {} },
  );
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: path.basename(r) })),
    }));
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [cliBin, 'mcp'], cwd, stderr: 'pipe' }),
  );
  return client;
}

describe('orchlint mcp', () => {
  let root: string;
  let outside: string;
  let client: Client;
  beforeAll(async () => {
    root = tempFiles(
      {
        'packs/x.promptpack.yaml': PACK,
        'packs/clean.txt': 'not linted\n',
        '.archon/workflows/w.yaml': WORKFLOW,
        'stubs.yaml': "a: 'no'\nb: never used\n",
      },
      'orchlint-mcp-root-',
    );
    outside = tempFiles({ 'secret.promptpack.yaml': PACK }, 'orchlint-mcp-outside-');
    symlinkSync(path.join(outside, 'secret.promptpack.yaml'), path.join(root, 'link.promptpack.yaml'));
    // The server runs from the outside folder: only the declared root may be read.
    client = await connect(outside, [root]);
  });
  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('lists its six tools, each with an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['explain_rule', 'fix', 'graph', 'lint', 'list_rules', 'trace']);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
  });

  it("lint: a folder inside the root gives the JSON report's diagnostics and a short summary", async () => {
    const result = await client.callTool({ name: 'lint', arguments: { paths: [path.join(root, 'packs')] } });
    expect(result.isError).toBeFalsy();
    const report = result.structuredContent as {
      diagnostics: Array<{ path: string; rule: string; range: { start: { line: number } } }>;
      summary: { files: number };
    };
    const cli = JSON.parse(orchlint(['--format', 'json', path.join(root, 'packs')], { cwd: outside }).stdout);
    expect(report.diagnostics).toEqual(cli.diagnostics);
    expect(report.diagnostics.find((d) => d.rule === RULE)?.range.start.line).toBe(13);
    expect(report.summary.files).toBe(1);
    expect(textOf(result)).toMatch(/^\d+ error\(s\), \d+ warning\(s\), \d+ info\(s\) in 1 file\(s\)\n/);
    expect(textOf(result)).toContain(`x.promptpack.yaml:13:7 warning ${RULE}`);
  });

  it('lint: a text with a file name, relative to the root', async () => {
    const result = await client.callTool({
      name: 'lint',
      arguments: { text: PACK, fileName: 'draft.promptpack.yaml' },
    });
    const report = result.structuredContent as { diagnostics: Array<{ path: string; rule: string }> };
    expect(report.diagnostics.map((d) => d.rule)).toContain(RULE);
    // Paths as the JSON report gives them: relative to the server's working directory, absolute outside it.
    expect(report.diagnostics[0]!.path).toBe(path.join(root, 'draft.promptpack.yaml'));
  });

  it('fix: returns the fixed text and the diff the CLI gives, and writes nothing unless write: true', async () => {
    const file = path.join(root, 'packs/x.promptpack.yaml');
    const dry = await client.callTool({ name: 'fix', arguments: { paths: [file] } });
    const out = dry.structuredContent as {
      diff: string;
      files: Array<{ path: string; fixed: string }>;
      written: boolean;
      remaining: Array<{ rule: string }>;
    };
    expect(out.written).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(PACK);
    expect(out.diff).toContain('\n-      control: agent\n');
    // The CLI prints the same diff, then its report of what is left.
    expect(orchlint(['--fix-dry-run', file], { cwd: outside }).stdout.startsWith(out.diff)).toBe(true);
    expect(out.files).toEqual([{ path: file, fixed: PACK.replace('      control: agent\n', '') }]);
    expect(out.remaining.map((d) => d.rule)).not.toContain(RULE);

    const text = await client.callTool({ name: 'fix', arguments: { text: PACK, fileName: 'draft.promptpack.yaml' } });
    expect((text.structuredContent as typeof out).files[0]!.fixed).toBe(out.files[0]!.fixed);

    const written = await client.callTool({ name: 'fix', arguments: { paths: [file], write: true } });
    expect((written.structuredContent as typeof out).written).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(out.files[0]!.fixed);
    writeFileSync(file, PACK);
  });

  it("explain_rule: the rule's doc; an unknown id is a tool error", async () => {
    const result = await client.callTool({ name: 'explain_rule', arguments: { rule: RULE } });
    expect(textOf(result)).toBe(readFileSync(path.join(repoRoot, 'rules', `${RULE}.md`), 'utf8'));
    expect((result.structuredContent as { severity: string }).severity).toBe('warning');
    const unknown = await client.callTool({ name: 'explain_rule', arguments: { rule: 'control-agent-on-terminal' } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain(`did you mean ${RULE}`);
  });

  it('list_rules: every rule of `orchlint rules`, per dialect', async () => {
    const all = JSON.parse(orchlint(['rules', '--format', 'json']).stdout) as Array<{
      id: string;
      severity: string;
      summary: string;
    }>;
    const listed = (await client.callTool({ name: 'list_rules', arguments: {} })).structuredContent as {
      rules: Array<{ id: string; severity: string; summary: string }>;
    };
    expect(listed.rules.map((r) => [r.id, r.severity, r.summary])).toEqual(
      all.map((r) => [r.id, r.severity, r.summary]),
    );
    const archon = (await client.callTool({ name: 'list_rules', arguments: { dialect: 'archon' } }))
      .structuredContent as typeof listed;
    expect(archon.rules.length).toBeGreaterThan(0);
    expect(archon.rules.every((r) => r.id.startsWith('archon/'))).toBe(true);
  });

  it('graph: the Mermaid the CLI draws', async () => {
    const file = path.join(root, 'packs/x.promptpack.yaml');
    const result = await client.callTool({ name: 'graph', arguments: { paths: [file] } });
    expect((result.structuredContent as { mermaid: string }).mermaid).toBe(
      orchlint(['graph', file], { cwd: outside }).stdout,
    );
  });

  it("trace: Archon's DryRunResult per run, as the CLI's JSON gives it, and the text", async () => {
    const file = path.join(root, '.archon/workflows/w.yaml');
    const stubs = path.join(root, 'stubs.yaml');
    const result = await client.callTool({ name: 'trace', arguments: { paths: [file], stubs } });
    const cli = orchlint(['trace', file, '--stubs', stubs, '--format', 'json'], { cwd: outside });
    const structured = result.structuredContent as { runs: unknown[]; failed: boolean };
    expect(structured.runs).toEqual(
      cli.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    );
    expect(structured.failed).toBe(true);
    expect(textOf(result)).toContain('SKIPPED   b (prompt) — when_condition_false');
    expect(textOf(result)).toContain("FAILED    c (bash) — Missing reachable stub for node 'c'");
  });

  it('trace: a stub file outside the roots is refused', async () => {
    const file = path.join(root, '.archon/workflows/w.yaml');
    const result = await client.callTool({
      name: 'trace',
      arguments: { paths: [file], stubs: path.join(outside, 'secret.promptpack.yaml') },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('outside the roots');
  });

  it('refuses paths outside the roots, through .., and through a link, with a tool error', async () => {
    for (const args of [
      { paths: [path.join(outside, 'secret.promptpack.yaml')] },
      { paths: ['../' + path.basename(outside) + '/secret.promptpack.yaml'] },
      { paths: [path.join(root, 'link.promptpack.yaml')] },
      { text: PACK, fileName: path.join(outside, 'draft.promptpack.yaml') },
    ]) {
      for (const name of ['lint', 'fix', 'graph', 'trace']) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
        expect(textOf(result)).toContain('outside the roots');
      }
    }
  });

  it('with no roots declared, reads the working directory only', async () => {
    const cwdOnly = await connect(root);
    try {
      const inside = await cwdOnly.callTool({ name: 'lint', arguments: { paths: ['packs'] } });
      expect((inside.structuredContent as { summary: { files: number } }).summary.files).toBe(1);
      const refused = await cwdOnly.callTool({ name: 'lint', arguments: { paths: [outside] } });
      expect(refused.isError).toBe(true);
    } finally {
      await cwdOnly.close();
    }
  });
  it('refuses a workflow whose Archon project (its includes, commands, fixtures) reaches above the root: nothing outside is read', async () => {
    const project = path.join(repoRoot, 'fixtures/archon/stub-fixture/valid-project');
    const pkg = path.join(project, '.archon/workflows/sdlc/deliver');
    const narrow = await connect(pkg, [pkg]);
    try {
      for (const name of ['lint', 'trace', 'graph']) {
        const result = await narrow.callTool({ name, arguments: { paths: [path.join(pkg, 'deliver.yaml')] } });
        expect(result.isError, name).toBe(true);
        expect(textOf(result)).toContain(`belongs to the project at ${project}`);
        // The included block lives in a sibling package, outside the root: the trace never read it.
        expect(textOf(result)).not.toContain('review-block');
      }
    } finally {
      await narrow.close();
    }
    const wide = await connect(pkg, [project]);
    try {
      const result = await wide.callTool({ name: 'trace', arguments: { paths: [path.join(pkg, 'deliver.yaml')] } });
      expect(textOf(result)).toContain('STUBBED   review__critique (prompt)');
    } finally {
      await wide.close();
    }
  });
});

describe('orchlint mcp, bad usage', () => {
  it('a missing file is a tool error, not a crash', async () => {
    const dir = tempFiles({}, 'orchlint-mcp-empty-');
    mkdirSync(path.join(dir, 'sub'));
    const client = await connect(dir);
    try {
      const result = await client.callTool({ name: 'lint', arguments: { paths: ['nope.pack.json'] } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('no such file or directory: nope.pack.json');
      const both = await client.callTool({ name: 'lint', arguments: {} });
      expect(both.isError).toBe(true);
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
