// `orchlint mcp` and the size policy: the config's maxFileSize applies to the files and the texts
// an agent asks about, as it does on the command line.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFiles } from '../support/orchlint-bin.js';
import { cliBin } from '../support/paths.js';

const PACK =
  'id: x\nname: X\nversion: 1.0.0\ntemplate_engine: { version: v1, syntax: "{{v}}" }\nprompts: {}\n' +
  'workflow:\n  version: 1\n  entry: start\n  states:\n    start:\n      prompt_task: p\n      terminal: true\n      control: agent\n';

type Report = { diagnostics: Array<{ rule: string; message: string }> };

describe('orchlint mcp and maxFileSize', () => {
  let root: string;
  let client: Client;
  beforeAll(async () => {
    root = tempFiles(
      { 'orchlint.config.yaml': 'maxFileSize: 100B\n', 'packs/x.promptpack.yaml': PACK },
      'orchlint-mcp-size-',
    );
    client = new Client(
      { name: 'orchlint-test', version: '1.0.0' },
      { capabilities: { roots: { listChanged: true } } },
    );
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: pathToFileURL(root).href, name: 'root' }],
    }));
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [cliBin, 'mcp'], cwd: root, stderr: 'pipe' }),
    );
  });
  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a file over the configured limit: one core/file-too-large', async () => {
    const result = await client.callTool({ name: 'lint', arguments: { paths: [path.join(root, 'packs')] } });
    const report = result.structuredContent as Report;
    expect(report.diagnostics.map((d) => d.rule)).toEqual(['core/file-too-large']);
    expect(report.diagnostics[0]!.message).toContain(`the file is ${PACK.length} bytes, over the 100 bytes`);
  });

  it('a text over it, likewise', async () => {
    const result = await client.callTool({
      name: 'lint',
      arguments: { text: PACK, fileName: 'draft.promptpack.yaml' },
    });
    expect((result.structuredContent as Report).diagnostics.map((d) => d.rule)).toEqual(['core/file-too-large']);
  });
});
