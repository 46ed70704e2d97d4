import { readFileSync, symlinkSync } from 'node:fs';
import { defineRule } from '@orchlint/core';
import { dialects, rules } from '@orchlint/rules';
import {
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
} from 'vscode-languageserver-protocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import { includeDialect, includeRules } from '../support/lsp-include-dialect.js';
import { LspClient, positionOf, uriOf, workspace } from '../support/lsp-client.js';
import { ManualClock } from '../support/manual-clock.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function session(
  files: Record<string, string>,
  options: {
    debounceMs?: number;
    scanWorkspace?: boolean;
    withRules?: typeof rules;
    settings?: unknown;
    clock?: ManualClock;
  } = {},
) {
  const ws = workspace(files);
  const client = LspClient.inProcess({
    dialects: [...dialects, includeDialect],
    rules: [...(options.withRules ?? rules), ...includeRules],
    debounceMs: options.debounceMs ?? 0,
    scanWorkspace: options.scanWorkspace ?? false,
    ...(options.clock && { clock: options.clock }),
  });
  cleanups.push(
    () => ws.dispose(),
    () => client.dispose(),
  );
  await client.initialize(ws.root, options.settings ?? {});
  return { ws, client };
}

const codes = (d: Array<{ code?: string | number }>) => d.map((x) => String(x.code)).sort();

describe('multi-file units from unsaved buffers', () => {
  it('an edit to an include target (unsaved) re-lints its includer and reports in both files', async () => {
    const { ws, client } = await session({
      'flow.main.yaml': 'include: [parts/a.part.yaml]\n',
      'parts/a.part.yaml': 'bad: false\n',
    });
    const main = await client.open(ws.file('flow.main.yaml'), readFileSync(ws.file('flow.main.yaml'), 'utf8'));
    expect(await client.diagnostics(main)).toEqual([]);
    const part = await client.open(ws.file('parts/a.part.yaml'), 'bad: false\n');
    await client.diagnostics(part);
    const before = client.publications(part).length;
    await client.change(part, 'bad: true\n');
    const found = await client.diagnostics(part, (d) => d.length > 0, before);
    expect(codes(found)).toEqual(['inc/bad-part']);
    expect(found[0]!.relatedInformation?.[0]?.location.uri).toBe(main);
    expect(found[0]!.relatedInformation?.[0]?.location.range.start).toEqual(
      positionOf('include: [parts/a.part.yaml]\n', 'parts/a'),
    );
    // The buffer was never saved: the disk still says false.
    expect(readFileSync(ws.file('parts/a.part.yaml'), 'utf8')).toBe('bad: false\n');
  });

  it('a member file opened on its own is linted alone, then with its unit once the workspace scan finds it', async () => {
    const { ws, client } = await session(
      { 'flow.main.yaml': 'include: [a.part.yaml]\n', 'a.part.yaml': 'bad: true\n' },
      { scanWorkspace: true },
    );
    const part = await client.open(ws.file('a.part.yaml'), 'bad: true\n');
    const found = await client.diagnostics(part, (d) => d.some((x) => x.relatedInformation?.length));
    expect(codes(found)).toEqual(['inc/bad-part']);
    expect(found[0]!.relatedInformation![0]!.location.uri).toBe(uriOf(ws.file('flow.main.yaml')));
  });

  it('never reads outside the workspace folder', async () => {
    const { ws, client } = await session({ 'inner/flow.main.yaml': 'include: [../../outside.part.yaml]\n' });
    const main = await client.open(ws.file('inner/flow.main.yaml'), 'include: [../../outside.part.yaml]\n');
    const found = await client.diagnostics(main, (d) => d.length > 0);
    expect(codes(found)).toEqual(['inc/missing-part']);
  });

  it('does not follow a symbolic link inside the workspace that points outside it', async () => {
    const outside = workspace({ 'secret.part.yaml': 'bad: true\n' });
    cleanups.push(() => outside.dispose());
    const { ws, client } = await session({ 'flow.main.yaml': 'include: [link.part.yaml]\n' });
    symlinkSync(outside.file('secret.part.yaml'), ws.file('link.part.yaml'));
    const main = await client.open(ws.file('flow.main.yaml'), 'include: [link.part.yaml]\n');
    const found = await client.diagnostics(main, (d) => d.length > 0);
    expect(codes(found)).toEqual(['inc/missing-part']);
  });

  it('a change on disk to a file a unit read re-lints the unit', async () => {
    const { ws, client } = await session({
      'flow.main.yaml': 'include: [a.part.yaml]\n',
      'a.part.yaml': 'bad: false\n',
    });
    const main = await client.open(ws.file('flow.main.yaml'), 'include: [a.part.yaml]\n');
    await client.diagnostics(main);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(ws.file('a.part.yaml'), 'bad: true\n');
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: uriOf(ws.file('a.part.yaml')), type: FileChangeType.Changed }],
    });
    const found = await client.diagnostics(uriOf(ws.file('a.part.yaml')), (d) => d.length > 0);
    expect(codes(found)).toEqual(['inc/bad-part']);
  });

  it('a file a unit only consulted (the name of another workflow) re-lints it when edited, unsaved', async () => {
    const workflow = (name: string) =>
      `name: ${name}\ndescription: Ship it.\nnodes:\n  - id: ship\n    bash: ./ship.sh\n`;
    const { ws, client } = await session({
      '.archon/workflows/deploy.yaml': workflow('deploy'),
      '.archon/workflows/copy.yaml': workflow('deploy'),
    });
    const deploy = await client.open(ws.file('.archon/workflows/deploy.yaml'), workflow('deploy'));
    const clash = await client.diagnostics(deploy, (d) => d.length > 0);
    expect(codes(clash)).toEqual(['archon/duplicate-workflow-name']);
    expect(clash[0]!.relatedInformation?.[0]?.location.uri).toBe(uriOf(ws.file('.archon/workflows/copy.yaml')));
    // Renaming the copy in the editor, before any save, clears the finding on the file that was not edited.
    const copy = await client.open(ws.file('.archon/workflows/copy.yaml'), workflow('deploy'));
    await client.diagnostics(copy, (d) => d.length > 0);
    const before = client.publications(deploy).length;
    await client.change(copy, workflow('deploy-copy'));
    expect(await client.diagnostics(deploy, () => true, before)).toEqual([]);
    expect(await client.diagnostics(copy, (d) => d.length === 0)).toEqual([]);
  });

  it('a workflow added to a folder a unit listed re-lints it once the new file is opened', async () => {
    const workflow = (name: string) =>
      `name: ${name}\ndescription: Ship it.\nnodes:\n  - id: ship\n    bash: ./ship.sh\n`;
    const { ws, client } = await session({ '.archon/workflows/deploy.yaml': workflow('deploy') });
    const deploy = await client.open(ws.file('.archon/workflows/deploy.yaml'), workflow('deploy'));
    expect(await client.diagnostics(deploy)).toEqual([]);
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(ws.file('.archon/workflows/team'));
    // Another file name: two files of one name in the folder and a group are one workflow to Archon.
    writeFileSync(ws.file('.archon/workflows/team/deploy-copy.yaml'), workflow('deploy'));
    const before = client.publications(deploy).length;
    await client.open(ws.file('.archon/workflows/team/deploy-copy.yaml'), workflow('deploy'));
    expect(codes(await client.diagnostics(deploy, (d) => d.length > 0, before))).toEqual([
      'archon/duplicate-workflow-name',
    ]);
  });
});

describe('robustness', () => {
  it('a rule that throws becomes one core/internal-error and the other rules still report', async () => {
    const throwing = defineRule({
      id: 'promptpack/throws-always',
      dialect: 'promptpack',
      severity: 'error',
      clause: 'never-works',
      basis: 'derived: test',
      summary: 'throws',
      check() {
        throw new TypeError('boom');
      },
    });
    const { ws, client } = await session({}, { withRules: [...rules, throwing] });
    const pack = readFileSync(
      new URL('../../fixtures/promptpack/control-agent-on-terminal/invalid-terminal-agent.yaml', import.meta.url),
      'utf8',
    );
    const uri = await client.open(ws.file('p.promptpack.yaml'), pack);
    const found = await client.diagnostics(uri, (d) => d.length > 0);
    expect(codes(found)).toEqual(['core/internal-error', 'promptpack/control-agent-on-terminal']);
    expect(found.find((d) => d.code === 'core/internal-error')!.message).toContain('boom');
    // Still serving.
    expect((await client.symbols(uri)).map((s) => s.name)).toContain('workflow');
  });

  it('dialect services that throw cost a feature, never the server', async () => {
    const fragile = {
      ...includeDialect,
      outline: () => {
        throw new Error('outline broke');
      },
      schema: () => {
        throw new Error('schema broke');
      },
      referenceSlots: [{ path: ['include', '*'], kind: 'part' }],
    };
    const ws = workspace({});
    const client = LspClient.inProcess({
      dialects: [fragile],
      rules: includeRules,
      debounceMs: 0,
      scanWorkspace: false,
    });
    cleanups.push(
      () => ws.dispose(),
      () => client.dispose(),
    );
    await client.initialize(ws.root);
    const uri = await client.open(ws.file('x.main.yaml'), 'include: [a.part.yaml]\n');
    await client.diagnostics(uri, (d) => d.length > 0);
    const at = { line: 0, character: 12 };
    // The finding under the cursor is still explained; the broken services add nothing.
    const hover = await client.hover(uri, at);
    expect((hover?.contents as { value: string }).value).toMatch(/^\*\*inc\/missing-part\*\* \(error\)/);
    expect((hover?.contents as { value: string }).value).not.toContain('---');
    expect(await client.completion(uri, at)).toEqual([]);
    expect(await client.definition(uri, at)).toEqual([]);
    expect(await client.symbols(uri)).toEqual([]);
  });
});

describe('debounce and versions', () => {
  it('a burst of edits yields one lint, for the last version, 150 ms after it', async () => {
    const clock = new ManualClock();
    const { ws, client } = await session({}, { debounceMs: 150, clock });
    const uri = await client.open(ws.file('x.main.yaml'), 'show_target: 1\n');
    await client.settle(clock);
    expect(codes(client.publications(uri).at(-1)!.diagnostics)).toEqual(['inc/show-target']);
    const before = client.publications(uri).length;
    // Edits 100 ms apart: each one restarts the 150 ms quiet time, so nothing is linted in between.
    await client.change(uri, 'show_target: 2\n');
    await client.settle(clock, 100);
    await client.change(uri, 'show_target: 3\n');
    await client.settle(clock, 100);
    const last = await client.change(uri, 'include: [missing.part.yaml]\n');
    await client.settle(clock, 149);
    expect(client.publications(uri)).toHaveLength(before);
    await client.settle(clock, 1);
    const after = client.publications(uri).slice(before);
    expect(after.map((p) => p.version)).toEqual([last]);
    expect(codes(after[0]!.diagnostics)).toEqual(['inc/missing-part']);
    expect(clock.waiting).toBe(0);
  });
});

describe('settings', () => {
  it('version targets come from the client settings, and a settings change re-lints', async () => {
    const { ws, client } = await session({}, { settings: { targets: { inc: '1.2' } } });
    const uri = await client.open(ws.file('x.main.yaml'), 'show_target: yes\n');
    const first = await client.diagnostics(uri, (d) => d.length > 0);
    expect(first[0]!.message).toBe('target 1.2');
    const before = client.publications(uri).length;
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { orchlint: { targets: { inc: '2.0' } } },
    });
    const second = await client.diagnostics(uri, (d) => d.length > 0, before);
    expect(second[0]!.message).toBe('target 2.0');
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { orchlint: { enable: false } },
    });
    expect(await client.diagnostics(uri, () => true, client.publications(uri).length)).toEqual([]);
  });
});
