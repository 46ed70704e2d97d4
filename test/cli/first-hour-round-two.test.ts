import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir } from '../support/cli.js';
import { tempFiles } from '../support/orchlint-bin.js';
import { cliBin } from '../support/paths.js';

/** What a new user hit in the first hour, round two (issue 22): each item as the user met it. */

const made: string[] = [];
const folder = (files: Record<string, string>) => {
  const dir = tempFiles(files);
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach(removeDir));

describe('3. orchlint mcp ends cleanly when its client closes standard input', () => {
  const mcp = (input: string) =>
    spawnSync(process.execPath, [cliBin, 'mcp'], { cwd: folder({}), input, encoding: 'utf8', timeout: 20_000 });

  it('exit 0 with nothing read', () => {
    const r = mcp('');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('answers what was asked before the end of input, then exits 0', () => {
    const requests = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_rules', arguments: {} } },
    ];
    const r = mcp(requests.map((m) => JSON.stringify(m) + '\n').join(''));
    expect(r.status).toBe(0);
    const answers = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; result?: unknown });
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1]!.result).toBeDefined();
  });
});
