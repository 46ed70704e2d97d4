import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineRule, type Diagnostic } from '@orchlint/core';
import { parseClientSettings, settingsFor, systemClock } from '@orchlint/language-server';
import { sealed, unsealed } from '@orchlint/node-cache';
import { dialects, rules } from '@orchlint/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { Units } from '../../packages/language-server/dist/units.js';
import { scanWorkspace } from '../../packages/language-server/dist/workspace-scan.js';
import { LspClient, positionOf, workspace } from '../support/lsp-client.js';
import { ManualClock } from '../support/manual-clock.js';
import { repoRoot } from '../support/paths.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A folder for the cache, outside the workspace, as a client's storage is. */
function cacheFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'orchlint-lsp-cache-'));
  return path.join(dir, 'storage');
}

/** Files' times must be a second old before their stamps are trusted (packages/node-cache/src/stamp.ts). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_100));

// An include and its target, a workflow with findings, and one without: an Archon folder of one project.
const main = `name: main
description: Implement, then run a shared sign-off block.
nodes:
  - id: implement
    prompt: Implement the change.
  - id: signoff
    depends_on: [implement]
    include: signoff-block
  - id: report
    depends_on: [signoff, missing]
    prompt: Report.
`;
const signoff = `name: signoff-block
description: Ask a human to sign off.
interactive: true
nodes:
  - id: gate
    approval:
      message: Sign off on the change?
`;
const deploy = `name: deploy
description: Deploy.
modelReasoningEffort: medium
nodes:
  - id: ship
    bash: ./ship.sh
`;
const archonFiles = {
  '.archon/workflows/main.yaml': main,
  '.archon/workflows/signoff.yaml': signoff,
  '.archon/workflows/deploy.yaml': deploy,
};

/** A copy of the demo folder (a pack in each format, an Archon workflow, a Prompt Runner packet). */
function demoWorkspace() {
  const ws = workspace({});
  cpSync(path.join(repoRoot, 'fixtures/demo'), ws.root, { recursive: true });
  return ws;
}

interface ScanOptions {
  open?: Record<string, string>;
  settings?: unknown;
  /** As a config file's `maxFileSize` sets it. */
  maxFileSize?: number;
}

/**
 * One session's workspace scan, as the server runs it (scanWorkspace), over fresh Units: with the
 * start-up cache in `cacheDirectory`, or none.
 */
async function scanned(root: string, cacheDirectory: string | undefined, options: ScanOptions = {}) {
  const open = new Map(Object.entries(options.open ?? {}).map(([rel, text]) => [path.join(root, rel), text]));
  const client = parseClientSettings(options.settings ?? {});
  const sized = (resolved: ReturnType<typeof settingsFor>) =>
    options.maxFileSize === undefined
      ? resolved
      : { ...resolved, settings: { ...resolved.settings, maxFileSize: options.maxFileSize } };
  const units = new Units({
    dialects,
    rules,
    documents: {
      text: (p) => open.get(p),
      version: (p) => (open.has(p) ? 1 : undefined),
      isOpen: (p) => open.has(p),
    },
    folders: () => [root],
    settingsFor: (p) => sized(settingsFor(p, client, undefined)),
  });
  const errors: unknown[] = [];
  const completed = await scanWorkspace([root], {
    units,
    dialects,
    cacheDirectory,
    configFor: () => undefined,
    settingsFor: (file, config) => sized(settingsFor(file, client, config)),
    openPaths: () => [...open.keys()],
    publish: () => undefined,
    changes: () => 0,
    stopped: () => false,
    safely: (_where, fallback, run) => {
      try {
        return run();
      } catch (error) {
        errors.push(error);
        return fallback;
      }
    },
    clock: systemClock,
  });
  expect(errors).toEqual([]);
  expect(completed).toBe(true);
  return units;
}

const findings = (units: Units) =>
  new Map<string, Diagnostic[]>([...units.all()].map((u) => [u.main, u.diagnostics] as const));
const restored = (units: Units, root: string) =>
  [...units.all()]
    .filter((u) => u.restored)
    .map((u) => path.relative(root, u.main))
    .sort();
const mains = (units: Units, root: string) => [...units.all()].map((u) => path.relative(root, u.main)).sort();

/** Each unit linted on its own, as an edit lints it: no cache, no state shared with other units. */
function freshLints(root: string, of: Units) {
  const alone = new Units({
    dialects,
    rules,
    documents: { text: () => undefined, version: () => undefined, isOpen: () => false },
    folders: () => [root],
    settingsFor: (p) => settingsFor(p, parseClientSettings({}), undefined),
  });
  return new Map([...of.all()].map((u) => [u.main, alone.lint(u.main)!.diagnostics] as const));
}

describe('the start-up cache, in the workspace scan', () => {
  it('restores every unit of the demo folder with the findings a fresh lint gives, and reads nothing it need not', async () => {
    const ws = demoWorkspace();
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    await settle();
    const cold = await scanned(ws.root, cache);
    expect(restored(cold, ws.root)).toEqual([]);
    expect(readdirSync(cache)).toHaveLength(1);
    const written = statSync(path.join(cache, readdirSync(cache)[0]!)).mtimeMs;
    const warm = await scanned(ws.root, cache);
    expect(restored(warm, ws.root)).toEqual([
      '.archon/workflows/triage-issue.yaml',
      'packet/prompt_runner_packet.md',
      'research.pack.json',
      'support.promptpack.yaml',
    ]);
    expect(findings(warm)).toEqual(findings(cold));
    expect(findings(warm)).toEqual(freshLints(ws.root, warm));
    expect([...findings(warm).values()].flat().length).toBeGreaterThan(5);
    // The packet's prompts are its members: a change to one re-lints the restored packet.
    const prompt = ws.file('packet/prompts/01_collect_changes.prompt.md');
    expect(warm.containing(prompt).map((u) => path.relative(ws.root, u.main))).toEqual([
      'packet/prompt_runner_packet.md',
    ]);
    expect(warm.affectedBy(prompt)).toContain(ws.file('packet/prompt_runner_packet.md'));
    // Nothing changed: the file is not written again.
    expect(statSync(path.join(cache, readdirSync(cache)[0]!)).mtimeMs).toBe(written);
  });

  it('restores an Archon folder with includes: the includer knows it reads the included workflow', async () => {
    const ws = workspace(archonFiles);
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    const cold = await scanned(ws.root, cache);
    // Changed under a second before they were read: no stamp is trusted, each file is hashed instead.
    const warm = await scanned(ws.root, cache);
    expect(restored(warm, ws.root)).toEqual(mains(cold, ws.root));
    expect(mains(warm, ws.root)).toHaveLength(3);
    expect(findings(warm)).toEqual(findings(cold));
    expect(findings(warm)).toEqual(freshLints(ws.root, warm));
    const rules = (file: string) =>
      findings(warm)
        .get(ws.file(file))!
        .map((d) => d.rule);
    expect(rules('.archon/workflows/main.yaml')).toContain('archon/unknown-dependency');
    expect(rules('.archon/workflows/deploy.yaml')).toContain('archon/model-reasoning-effort');
    const included = ws.file('.archon/workflows/signoff.yaml');
    expect(warm.affectedBy(included)).toContain(ws.file('.archon/workflows/main.yaml'));
  });

  it('lints afresh a unit whose file changed, or whose folder gained a workflow, and what read them', async () => {
    const ws = demoWorkspace();
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    await settle();
    await scanned(ws.root, cache);
    // The content of a prompt the packet reads.
    const prompt = ws.file('packet/prompts/02_publish_notes.prompt.md');
    writeFileSync(prompt, readFileSync(prompt, 'utf8').replace('timeout:', 'timeout_ms:'));
    let warm = await scanned(ws.root, cache);
    expect(restored(warm, ws.root)).toEqual([
      '.archon/workflows/triage-issue.yaml',
      'research.pack.json',
      'support.promptpack.yaml',
    ]);
    expect(findings(warm)).toEqual(freshLints(ws.root, warm));
    const packet = findings(warm).get(ws.file('packet/prompt_runner_packet.md'))!;
    expect(packet.map((d) => d.rule)).not.toContain('prompt-runner/command-unknown-key');
    // A new workflow of the same name in the folder: the first is a duplicate now.
    writeFileSync(
      ws.file('.archon/workflows/triage-copy.yaml'),
      readFileSync(ws.file('.archon/workflows/triage-issue.yaml'), 'utf8'),
    );
    warm = await scanned(ws.root, cache);
    expect(restored(warm, ws.root)).toEqual([
      'packet/prompt_runner_packet.md',
      'research.pack.json',
      'support.promptpack.yaml',
    ]);
    expect(findings(warm)).toEqual(freshLints(ws.root, warm));
    expect(
      findings(warm)
        .get(ws.file('.archon/workflows/triage-issue.yaml'))!
        .map((d) => d.rule),
    ).toContain('archon/duplicate-workflow-name');
    // What the changed sessions stored holds next time.
    await settle();
    const again = await scanned(ws.root, cache);
    expect(restored(again, ws.root)).toEqual(mains(again, ws.root));
    expect(findings(again)).toEqual(findings(warm));
  });

  it('never restores a unit that read a buffer the disk does not hold, or holds an open file, and lints afresh under other settings', async () => {
    const ws = demoWorkspace();
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    await scanned(ws.root, cache);
    // The packet read its prompt from the buffer, which the disk does not hold: not restored, not stored.
    const rel = 'packet/prompts/01_collect_changes.prompt.md';
    const buffer = readFileSync(ws.file(rel), 'utf8').replace('changed_paths_only', 'repos_clean');
    const opened = await scanned(ws.root, cache, { open: { [rel]: buffer } });
    expect(restored(opened, ws.root)).toEqual([
      '.archon/workflows/triage-issue.yaml',
      'research.pack.json',
      'support.promptpack.yaml',
    ]);
    const rulesOf = (units: Units) =>
      units.get(ws.file('packet/prompt_runner_packet.md'))!.diagnostics.map((d) => d.rule);
    expect(rulesOf(opened)).not.toContain('prompt-runner/changed-paths-only-vacuous');
    // Open as on disk: the packet holds the prompt as one of its own files, so it is linted from the buffer.
    const asOnDisk = await scanned(ws.root, cache, { open: { [rel]: readFileSync(ws.file(rel), 'utf8') } });
    expect(restored(asOnDisk, ws.root)).toEqual(restored(opened, ws.root));
    // Closed again: what the disk holds, as the first session stored it.
    const closed = await scanned(ws.root, cache);
    expect(restored(closed, ws.root)).toEqual(mains(closed, ws.root));
    expect(rulesOf(closed)).toContain('prompt-runner/changed-paths-only-vacuous');
    const other = await scanned(ws.root, cache, { settings: { targets: { runtime: 'promptkit@1.5' } } });
    expect(restored(other, ws.root)).toEqual([]);
  });

  it('restores the units that read an open file whose buffer is what the disk holds, and lints those it differs for', async () => {
    const ws = workspace(archonFiles);
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    await scanned(ws.root, cache);
    // Every workflow of the project reads the others' names: with deploy.yaml open as it is on disk,
    // the others are restored (deploy.yaml itself is linted from its buffer when it opens).
    const same = await scanned(ws.root, cache, { open: { '.archon/workflows/deploy.yaml': deploy } });
    expect(restored(same, ws.root)).toEqual(['.archon/workflows/main.yaml', '.archon/workflows/signoff.yaml']);
    // Renamed in the buffer: a new name in the project's index, so every unit of the project is linted.
    const renamed = deploy.replace('name: deploy', 'name: signoff-block');
    const differs = await scanned(ws.root, cache, { open: { '.archon/workflows/deploy.yaml': renamed } });
    expect(restored(differs, ws.root)).toEqual([]);
    const rulesOf = (units: Units) =>
      units.get(ws.file('.archon/workflows/signoff.yaml'))!.diagnostics.map((d) => d.rule);
    expect(rulesOf(differs)).toContain('archon/duplicate-workflow-name');
    // What that session saw of the buffer was not stored: closed, the disk's findings are restored.
    const closed = await scanned(ws.root, cache);
    expect(restored(closed, ws.root)).toEqual(mains(closed, ws.root));
    expect(rulesOf(closed)).not.toContain('archon/duplicate-workflow-name');
    // The included workflow open as on disk: its includer read what the buffer holds, and is restored.
    const included = await scanned(ws.root, cache, { open: { '.archon/workflows/signoff.yaml': signoff } });
    expect(restored(included, ws.root)).toEqual(['.archon/workflows/deploy.yaml', '.archon/workflows/main.yaml']);
  });

  it('stores no unit that read an open buffer its own reader would not take from disk (a link out of the folder)', async () => {
    // b.yaml links to a file outside the workspace: closed, no unit reads it, so a.yaml's name is its
    // own; open, its buffer is what the link's target holds, but the buffer is read, and the names clash.
    const outside = mkdtempSync(path.join(tmpdir(), 'orchlint-outside-'));
    const target = path.join(outside, 'b.yaml');
    const b = 'name: dup\nnodes:\n  - id: one\n    bash: echo two\n';
    writeFileSync(target, b);
    const ws = workspace({ '.archon/workflows/a.yaml': 'name: dup\nnodes:\n  - id: one\n    bash: echo one\n' });
    cleanups.push(ws.dispose, () => rmSync(outside, { recursive: true, force: true }));
    symlinkSync(target, ws.file('.archon/workflows/b.yaml'));
    await settle();
    const a = ws.file('.archon/workflows/a.yaml');
    const cache = cacheFolder();
    const rulesOfA = (units: Units) => units.get(a)!.diagnostics.map((d) => d.rule);
    const opened = await scanned(ws.root, cache, { open: { '.archon/workflows/b.yaml': b } });
    expect(rulesOfA(opened)).toContain('archon/duplicate-workflow-name');
    const closed = await scanned(ws.root, cache);
    expect(rulesOfA(closed)).not.toContain('archon/duplicate-workflow-name');
    expect(restored(closed, ws.root)).not.toContain('.archon/workflows/a.yaml');
  });

  it('ignores a damaged cache file, or one of another folder, and writes a good one in its place', async () => {
    const ws = workspace(archonFiles);
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    await scanned(ws.root, cache);
    const [name] = readdirSync(cache);
    const file = path.join(cache, name!);
    const good = readFileSync(file, 'utf8');
    expect(good.length).toBeGreaterThan(1000);
    for (const bad of [good.slice(0, good.length / 2), 'not json at all', good.replace(/"rule":"/g, '"rule":"x'), '']) {
      writeFileSync(file, bad);
      const units = await scanned(ws.root, cache);
      expect(restored(units, ws.root)).toEqual([]);
      expect(mains(units, ws.root)).toHaveLength(3);
      expect(restored(await scanned(ws.root, cache), ws.root)).toHaveLength(3);
    }
    // Another folder's cache under this folder's name: sealed, of this build, and still not used.
    const elsewhere = workspace(archonFiles);
    cleanups.push(elsewhere.dispose);
    const otherCache = cacheFolder();
    await scanned(elsewhere.root, otherCache);
    writeFileSync(file, readFileSync(path.join(otherCache, readdirSync(otherCache)[0]!), 'utf8'));
    expect(restored(await scanned(ws.root, cache), ws.root)).toEqual([]);
  });

  /**
   * Damages main.yaml's entry in a sealed cache file of an Archon folder each way in turn: each time
   * the scan lints main.yaml as a fresh lint does, logs no error, and restores the other two units.
   */
  async function lintedDespite(damages: Array<(entry: any) => void>) {
    const ws = workspace(archonFiles);
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    const cold = await scanned(ws.root, cache);
    const file = path.join(cache, readdirSync(cache)[0]!);
    const stored = unsealed(readFileSync(file, 'utf8')) as { entries: Record<string, any> };
    const mainFile = ws.file('.archon/workflows/main.yaml');
    for (const damage of damages) {
      const copy = structuredClone(stored);
      damage(copy.entries[mainFile]);
      writeFileSync(file, sealed(JSON.stringify(copy)));
      // scanned() fails on any error the scan logs.
      const units = await scanned(ws.root, cache);
      expect(restored(units, ws.root)).toEqual(['.archon/workflows/deploy.yaml', '.archon/workflows/signoff.yaml']);
      expect(findings(units)).toEqual(findings(cold));
      expect([...units.get(mainFile)!.sources.keys()]).toEqual([mainFile]);
    }
    return ws;
  }

  it('lints, as if it had no entry, a unit whose entry is of another shape or names a prototype key', async () => {
    await lintedDespite([
      (entry) => (entry.reads = null),
      (entry) => (entry.reads.shared = 5),
      (entry) => (entry.reads.files = 'main.yaml'),
      (entry) => (entry.reads.shared = ['constructor']),
    ]);
  });

  it('restores no unit whose stored files or findings it did not verify', async () => {
    await lintedDespite([
      // A finding moved to a file outside the workspace, which the unit is then said to hold.
      (entry) => {
        entry.outcome.paths.push('/etc/passwd');
        entry.outcome.diagnostics.push({ ...entry.outcome.diagnostics[0], path: '/etc/passwd' });
      },
      (entry) => (entry.outcome.diagnostics = [null, 5]),
      (entry) => (entry.outcome.diagnostics[0].range = 'line 1'),
      (entry) => delete entry.outcome.diagnostics[0].span,
      (entry) => (entry.outcome.consulted = 5),
      (entry) => (entry.outcome.paths = [entry.outcome.paths[0], 5]),
      // On a file of the workspace the unit did not read.
      (entry) =>
        entry.outcome.diagnostics.push({
          ...entry.outcome.diagnostics[0],
          path: entry.outcome.paths[0].replace('main.yaml', 'deploy.yaml'),
        }),
      (entry) => {
        const config = entry.outcome.paths[0].replace('.archon/workflows/main.yaml', 'orchlint.config.yaml');
        entry.outcome.paths.push(config);
        entry.outcome.diagnostics.push({ ...entry.outcome.diagnostics[0], path: config });
      },
    ]);
  });
});

/** Counts the lints of each Archon workflow, by file name. */
function lintCounter() {
  const lints = new Map<string, number>();
  const rule = defineRule({
    id: 'archon/counts-lints',
    dialect: 'archon',
    severity: 'info',
    clause: 'note',
    basis: 'derived: test',
    summary: 'counts lints',
    check(_model, _report, context) {
      const name = path.basename(context.source.path);
      lints.set(name, (lints.get(name) ?? 0) + 1);
    },
  });
  return { lints, rule };
}

describe('the start-up cache, in the server', () => {
  async function start(root: string, cacheDirectory: string | undefined, settings: unknown = {}) {
    const { lints, rule } = lintCounter();
    const clock = new ManualClock();
    const client = LspClient.inProcess({ dialects, rules: [...rules, rule], clock });
    cleanups.push(() => client.dispose());
    await client.initialize(root, settings, { window: { workDoneProgress: true } }, cacheDirectory);
    // The scan waits for the client's answer to its progress request, then for the clock.
    for (let turns = 0; !client.progress.some((p) => p.kind === 'end'); turns++) {
      if (turns > 1000) throw new Error('the scan did not end');
      await client.settle(clock);
    }
    return { client, clock, lints };
  }

  it('reports the scan as work-done progress, and lints nothing it restored', async () => {
    const ws = workspace(archonFiles);
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    const cold = await start(ws.root, cache);
    expect(cold.client.progressTokens).toHaveLength(1);
    expect(cold.client.progress[0]).toMatchObject({
      kind: 'begin',
      title: 'orchlint',
      message: 'linting the workspace 0/3',
    });
    expect(cold.client.progress.at(-2)).toMatchObject({
      kind: 'report',
      percentage: 100,
      message: 'linting the workspace 3/3',
    });
    expect(cold.client.progress.at(-1)).toEqual({ kind: 'end' });
    expect([...cold.lints.values()]).toEqual([1, 1, 1]);
    const warm = await start(ws.root, cache);
    expect(warm.client.progress.at(-1)).toEqual({ kind: 'end' });
    expect(warm.lints.size).toBe(0);
    // A config file that turns a rule off: other settings, linted afresh.
    writeFileSync(ws.file('orchlint.config.yaml'), 'rules:\n  archon/unknown-dependency: off\n');
    const configured = await start(ws.root, cache);
    expect([...configured.lints.values()]).toEqual([1, 1, 1]);
    expect(configured.client.logs).toEqual([]);
  });

  it('after the scan, re-lints the units of an open file, not those that only consulted it', async () => {
    const ws = workspace(archonFiles);
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    await start(ws.root, cache);
    const { lints, rule } = lintCounter();
    const clock = new ManualClock();
    const client = LspClient.inProcess({ dialects, rules: [...rules, rule], clock });
    cleanups.push(() => client.dispose());
    await client.initialize(ws.root, {}, { window: { workDoneProgress: true } }, cache);
    // An editor restores its open files as the server starts: before the scan has found anything.
    const uri = await client.open(ws.file('.archon/workflows/deploy.yaml'), deploy);
    for (let turns = 0; !client.progress.some((p) => p.kind === 'end'); turns++) {
      if (turns > 1000) throw new Error('the scan did not end');
      await client.settle(clock);
    }
    await client.settle(clock);
    expect(Object.fromEntries(lints)).toEqual({ 'deploy.yaml': 2 });
    expect(codesOf(await client.diagnostics(uri))).toContain('archon/model-reasoning-effort');
  });

  it('lints a restored unit when navigation needs its model: once, then as any unit', async () => {
    const ws = workspace(archonFiles);
    const cache = cacheFolder();
    cleanups.push(ws.dispose);
    await start(ws.root, cache);
    const { client, clock, lints } = await start(ws.root, cache);
    expect(lints.size).toBe(0);
    // Opened after the scan: its re-lint waits for the clock, the request does not.
    const uri = await client.open(ws.file('.archon/workflows/main.yaml'), main);
    await client.roundTrip();
    const at = positionOf(main, '[implement]', 1);
    const found = await client.definition(uri, at);
    expect(found).toEqual([
      {
        uri,
        range: { start: positionOf(main, 'implement'), end: positionOf(main, 'implement', 'implement'.length) },
      },
    ]);
    expect(lints.get('main.yaml')).toBe(1);
    await client.definition(uri, at);
    expect(lints.get('main.yaml')).toBe(1);
    const symbols = await client.symbols(uri);
    expect(symbols.map((s) => s.name)).toEqual(['implement', 'signoff', 'report']);
    await client.settle(clock);
    expect(lints.get('main.yaml')).toBe(2);
    expect(codesOf(await client.diagnostics(uri))).toContain('archon/unknown-dependency');
  });

  it('writes nothing anywhere without a cache directory, and with one only its one file there', async () => {
    const ws = workspace(archonFiles);
    cleanups.push(ws.dispose);
    const home = mkdtempSync(path.join(tmpdir(), 'orchlint-lsp-home-'));
    const tmp = path.join(home, 'tmp');
    mkdirSync(tmp);
    const before = tree(ws.root);
    const cache = path.join(home, 'storage');
    for (const cacheDirectory of [undefined, cache]) {
      const client = LspClient.spawn(undefined, { cwd: home, env: { ...process.env, HOME: home, TMPDIR: tmp } });
      await client.initialize(ws.root, {}, { window: { workDoneProgress: true } }, cacheDirectory);
      await client.until(() => client.progress.find((p) => p.kind === 'end'));
      const uri = await client.open(ws.file('.archon/workflows/main.yaml'), main);
      expect(codesOf(await client.diagnostics(uri, (d) => d.length > 0))).toContain('archon/unknown-dependency');
      await client.dispose();
      expect(tree(ws.root)).toEqual(before);
      expect(readdirSync(tmp)).toEqual([]);
      if (cacheDirectory) expect(readdirSync(home).sort()).toEqual(['storage', 'tmp']);
      else expect(readdirSync(home)).toEqual(['tmp']);
    }
    expect(readdirSync(cache)).toHaveLength(1);
    expect(readdirSync(cache)[0]).toMatch(/^workspace-[\w-]+\.json$/);
  });
});

const codesOf = (d: Array<{ code?: string | number }>) => d.map((x) => String(x.code));

/** Every path under a folder with its size and modification time. */
function tree(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const s = statSync(full);
      out.push(`${path.relative(root, full)} ${s.size} ${s.mtimeMs}`);
      if (entry.isDirectory()) visit(full);
    }
  };
  visit(root);
  return out.sort();
}
