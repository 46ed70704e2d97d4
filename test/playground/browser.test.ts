import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ISSUES_URL } from '@orchlint/core';
import { CONFIG_FILE, decodeState, type PlaygroundState } from '@orchlint/playground';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintCase } from '../../scripts/rule-contracts.mjs';
import { firstFixtureCases } from '../support/fixture-cases.js';
import { needs } from '../support/needs.js';
import { type CliFinding, cliFixed, cliGraph, cliReport } from '../support/playground-cli.js';
import { repoRoot } from '../support/paths.js';

// The built playground (packages/playground/site, made by `pnpm build`) opened from disk in
// Debian's headless Chromium, driven by playwright-core as the VS Code test drives it (both come
// from test/lsp/vscode-e2e/install-tools.sh). Every finding it shows is checked against the CLI on
// the same files. Without the tools this is skipped (named at the end of the run), except where
// ORCHLINT_E2E_REQUIRED is set (CI), where their absence fails. Every wait is for a state.

const tools = process.env.ORCHLINT_E2E_TOOLS ?? path.join(homedir(), '.cache/orchlint-e2e');
const CHROMIUM = '/usr/bin/chromium';
const needed = [path.join(tools, 'pw/node_modules/playwright-core/package.json'), CHROMIUM];
const missing = needed.filter((f) => !existsSync(f));
const required = Boolean(process.env.ORCHLINT_E2E_REQUIRED);
const withTools = needs(
  'Playground in a browser',
  !required && missing.length > 0 && `missing ${missing.join(', ')}; run bash test/lsp/vscode-e2e/install-tools.sh`,
);
const site = path.join(repoRoot, 'packages/playground/site/index.html');
/** Generous for a loaded two-core machine: a wait ends as soon as its state is reached. */
const WAIT = 60_000;

type Page = any;
interface Shown {
  path: string;
  line: number;
  column: number;
  severity: string;
  rule: string;
  message: string;
}

/** The findings the page lists, as the user reads them. */
function shownFindings(page: Page): Promise<Shown[]> {
  return page.$$eval('#findings > li.finding', (items: HTMLElement[]) =>
    items.map((li) => ({
      path: li.dataset.path!,
      line: Number(li.dataset.line),
      column: Number(li.dataset.column),
      severity: li.querySelector('.severity')!.textContent!,
      rule: li.querySelector('.rule')!.textContent!,
      message: li.querySelector(':scope > .message')!.textContent!,
    })),
  );
}

const asShown = (d: CliFinding): Shown => ({
  path: d.path,
  line: d.range.start.line,
  column: d.range.start.column,
  severity: d.severity,
  rule: d.rule,
  message: d.message,
});

function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

const lints = (page: Page): Promise<number> => page.evaluate(() => Number(document.body.dataset.lints ?? 0));
/**
 * Waits for the page to lint what it holds now: a lint after `before` lints, and none still waiting
 * for the typing pause (so the last lint read the last keystroke).
 */
const lintedAfter = (page: Page, before: number) =>
  page.waitForFunction(
    (n: number) => Number(document.body.dataset.lints ?? 0) > n && !(window as any).orchlintPlayground.lintPending(),
    before,
    { timeout: WAIT },
  );

/** The shell parser's script elements on the page (src/shell-parser.ts adds one when a lint needs it). */
const shellParserScripts = (page: Page): Promise<string[]> =>
  page.$$eval('script[src$="mvdan-sh.js"]', (scripts: HTMLScriptElement[]) =>
    scripts.map((s) => s.getAttribute('src')!),
  );

/** The state the page's link carries now. */
async function linkState(page: Page): Promise<PlaygroundState> {
  const state = decodeState(new URL(page.url()).hash);
  if ('error' in state) throw new Error(state.error);
  return state;
}

describe('the playground in a real browser, opened from disk', withTools, () => {
  let browser: any;
  let context: any;
  /** The page the cases are typed into, one after the other: each starts from an example. */
  let page: Page;
  const blocked: string[] = [];

  beforeAll(async () => {
    expect(missing).toEqual([]);
    expect(existsSync(site), 'pnpm build writes packages/playground/site').toBe(true);
    const { chromium } = createRequire(path.join(tools, 'pw/'))('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    // Anything but the page's own files is a network call: refused and recorded.
    await context.route('**/*', (route: any) => {
      const url = route.request().url();
      if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      blocked.push(url);
      return route.abort();
    });
    page = await open();
  }, 2 * WAIT);

  afterAll(async () => {
    await browser?.close();
  });

  /** Opens the page (at a link, or at its first example) and waits for its first lint. */
  async function open(hash = ''): Promise<Page> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e: Error) => errors.push(e.message));
    // Not the load event: that also waits for Mermaid, which the page fetches after it to draw the graph.
    await page.goto(pathToFileURL(site).href + hash, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('body[data-lints]', { timeout: WAIT });
    page.errors = errors;
    return page;
  }

  /** Types (or pastes) text at an offset of a file, and waits for the lint that follows. */
  async function typeAt(page: Page, file: string, offset: number, text: string, paste = false) {
    await page.evaluate(([f, o]: [string, number]) => (window as any).orchlintPlayground.select(f, o), [file, offset]);
    const before = await lints(page);
    if (paste) {
      // What the browser hands the editor on Ctrl+V: a paste event with the text (keyboard.insertText
      // goes through the DOM's own editing, which may fold a leading line break).
      await page.evaluate((t: string) => {
        const data = new DataTransfer();
        data.setData('text/plain', t);
        const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        document.querySelector('.cm-content')!.dispatchEvent(paste);
      }, text);
    } else await page.keyboard.type(text);
    await lintedAfter(page, before);
  }

  /**
   * Hovers the squiggle of the one fixable finding the CLI reports in `file` and clicks its fix in the
   * tooltip: the file then reads as `orchlint --fix` leaves it.
   */
  async function fixFromSquiggle(page: Page, file: string) {
    const typed = await linkState(page);
    const text = typed.files.find((f) => f.path === file)!.text;
    const fixable = (await cliReport(typed)).filter((d) => d.path === file && d.fix);
    expect(fixable).toHaveLength(1);
    const { range, fix } = fixable[0]!;
    const offset = offsetAt(text, range.start.line, range.start.column);
    await page.evaluate(([f, o]: [string, number]) => (window as any).orchlintPlayground.select(f, o), [file, offset]);
    const point = await page.evaluate((o: number) => (window as any).orchlintPlayground.pointAt(o), offset + 1);
    await page.mouse.move(0, 0);
    await page.mouse.move(point.x, point.y);
    const action = page.locator('.cm-tooltip-lint .cm-diagnosticAction', { hasText: fix!.title });
    await action.waitFor({ timeout: WAIT });
    const before = await lints(page);
    await action.click();
    await lintedAfter(page, before);
    expect((await linkState(page)).files.find((f) => f.path === file)!.text).toBe(await cliFixed(typed, file));
  }

  /** Replaces the page's files with an example's, as a user picks it. */
  async function startFrom(example: string, active: string): Promise<PlaygroundState> {
    await page.selectOption('#example', example);
    await page.locator('#tabs .tab.active', { hasText: active }).waitFor({ timeout: WAIT });
    await lintedAfter(page, 0);
    return linkState(page);
  }

  /** The page lists exactly what the CLI reports on the files its link holds. */
  async function expectCliFindings(page: Page): Promise<Shown[]> {
    const shown = await shownFindings(page);
    expect(shown).toEqual((await cliReport(await linkState(page))).map(asShown));
    return shown;
  }

  /** A fresh page at the current link: the same files, settings and findings. */
  async function expectSameFromLink(page: Page, shown: Shown[]) {
    const state = await linkState(page);
    const reloaded = await open(new URL(page.url()).hash);
    expect(await linkState(reloaded)).toEqual(state);
    expect(await shownFindings(reloaded)).toEqual(shown);
    expect(reloaded.errors).toEqual([]);
    await reloaded.close();
  }

  it('a pack: a typed broken transition shows the CLI’s finding, a fix from its squiggle, settings as a config file, and the link reproduces it', async () => {
    const file = 'support.promptpack.yaml';
    const start = await startFrom('pack-yaml', file);
    expect(start.files.map((f) => f.path)).toEqual([file]);
    // A pack has no shell body: the page has not loaded the shell parser.
    expect(await shellParserScripts(page)).toEqual([]);
    await expectCliFindings(page);

    // A transition to a state that does not exist, typed key by key into the triage state's on_event.
    const text = start.files[0]!.text;
    const at = text.indexOf('Billing: billing }') + 'Billing: billing'.length;
    await typeAt(page, file, at, ', Up: x');
    const typed = await linkState(page);
    expect(typed.files[0]!.text).toBe(`${text.slice(0, at)}, Up: x${text.slice(at)}`);
    const afterTyping = await expectCliFindings(page);
    const line = text.slice(0, at).split('\n').length;
    expect(afterTyping.some((f) => f.severity === 'error' && f.line === line)).toBe(true);

    await fixFromSquiggle(page, file);
    const afterFix = await expectCliFindings(page);

    // Severities set as in a config file: the error typed in becomes an info.
    const typedError = afterFix.find((f) => f.severity === 'error' && f.line === line)!;
    await page.locator('#tabs .tab', { hasText: CONFIG_FILE }).click();
    await typeAt(page, CONFIG_FILE, 0, `rules:\n  ${typedError.rule}: info\n`, true);
    const configured = await expectCliFindings(page);
    expect(configured.find((f) => f.rule === typedError.rule)?.severity).toBe('info');

    // The report link: the project's issue form, prefilled.
    const report = new URL(await page.locator('#findings > li.finding .report').first().getAttribute('href'));
    expect(`${report.origin}${report.pathname}`).toBe(`${ISSUES_URL}/new`);
    expect(report.searchParams.get('template')).toBe('false-finding.yml');
    expect(report.searchParams.get('rule')).toBe(configured[0]!.rule);
    expect(report.searchParams.get('message')).toBe(configured[0]!.message);
    expect(report.searchParams.get('version')).toBe(typed.version);
    expect(report.searchParams.get('permalink')).toBe(page.url());

    // The graph beside it: `orchlint graph`'s Mermaid text, drawn.
    await page.locator('#tabs .tab', { hasText: file }).click();
    await page.waitForSelector('#graph[data-state=drawn] svg', { timeout: WAIT });
    expect(await page.locator('#graph-source').textContent()).toBe(await cliGraph(await linkState(page), file));

    await expectSameFromLink(page, configured);
    expect(page.errors).toEqual([]);
  }, 180_000);

  it('an Archon workflow with an include: a new file, the broken include, a fix, and the link', async () => {
    const main = '.archon/workflows/triage-issue.yaml';
    await startFrom('archon', main);
    // Its bash nodes have: the page loaded the shell parser, then linted (the findings below are the CLI's).
    expect(await shellParserScripts(page)).toEqual(['assets/mvdan-sh.js']);
    const included = '.archon/workflows/notify.yaml';
    page.once('dialog', (dialog: any) => dialog.accept(included));
    await page.locator('#add-file').click();
    await page.locator('#tabs .tab.active', { hasText: included }).waitFor({ timeout: WAIT });
    const block =
      'name: notify\ndescription: Tells the issue’s author the verdict.\ninputs:\n  verdict: { required: true }\n' +
      'nodes:\n  - id: comment\n    prompt: Tell the author the verdict, kindly. $INPUTS.verdict\n';
    await typeAt(page, included, 0, block, true);
    const text = (await linkState(page)).files.find((f) => f.path === main)!.text;
    // The include passes no `with:`: the block's required input is missing.
    const node = '\n  - id: notify\n    depends_on: [label]\n    include: notify\n';
    await typeAt(page, main, text.length, node, true);
    const typed = await linkState(page);
    expect(typed.files.map((f) => [f.path, f.text]).sort()).toEqual([
      [included, block],
      [main, text + node],
    ]);
    const shown = await expectCliFindings(page);
    expect(shown.some((f) => f.rule === 'archon/include-inputs' && f.path === main && f.severity === 'error')).toBe(
      true,
    );

    await fixFromSquiggle(page, main);
    await expectSameFromLink(page, await expectCliFindings(page));
    expect(page.errors).toEqual([]);
  }, 180_000);

  it('a Prompt Runner packet: an unknown dependency typed in, a fix, and the link', async () => {
    const start = await startFrom('packet', 'packet/prompt_runner_packet.md');
    const second = 'packet/prompts/02_publish_notes.prompt.md';
    const first = 'packet/prompts/01_collect_changes.prompt.md';
    const text = start.files.find((f) => f.path === second)!.text;
    const at = text.indexOf('depends_on: ["01"') + 'depends_on: ["01"'.length;
    await typeAt(page, second, at, ', "03"', true);
    expect((await linkState(page)).files.find((f) => f.path === second)!.text).toBe(
      `${text.slice(0, at)}, "03"${text.slice(at)}`,
    );
    const shown = await expectCliFindings(page);
    expect(shown.some((f) => f.path === second && f.severity === 'error')).toBe(true);

    await fixFromSquiggle(page, first);
    await expectSameFromLink(page, await expectCliFindings(page));
    expect(page.errors).toEqual([]);
  }, 180_000);

  it("gives the CLI's exact findings on the first case of every rule's fixtures, linted in one page", async () => {
    const cases = firstFixtureCases();
    const inPage = await page.evaluate((all: unknown[]) => (window as any).orchlintPlayground.lintFixtures(all), cases);
    expect(inPage).toHaveLength(cases.length);
    cases.forEach((c, i) => {
      expect(inPage[i], c.case).toEqual(lintCase(path.join(repoRoot, c.case), { dialect: c.dialect }));
    });
    expect(inPage.flat().length).toBeGreaterThan(cases.length);
  }, 180_000);

  it('opens a damaged link as the first example, saying why', async () => {
    const damaged = await open('#1/not-a-state');
    expect(await damaged.locator('#link-notice').isVisible()).toBe(true);
    expect(await damaged.locator('#link-notice').textContent()).toMatch(/could not be opened: the link is damaged/);
    expect((await linkState(damaged)).files.map((f) => f.path)).toEqual(['support.promptpack.yaml']);
    expect(damaged.errors).toEqual([]);
    await damaged.close();
  }, 120_000);

  it('made no network call', () => {
    expect(blocked).toEqual([]);
  });
});
