import { compareDiagnostics, type Diagnostic } from '@orchlint/core';
import { Editors } from './editor.js';
import { exampleFiles, examples, type Example } from './examples.js';
import { renderFindings } from './findings-list.js';
import { GraphPane } from './graph-pane.js';
import { installPageApi } from './page-api.js';
import { decodeState, encodeState } from './permalink.js';
import { falseFindingUrl } from './report-link.js';
import { dialectIds, graphOf, knownTargets, lintState, type SessionResult } from './session.js';
import { shellParserFailed, withShellParser } from './shell-parser.js';
import { CONFIG_FILE, isFilePath, type PlaygroundState } from './state.js';

const VERSION = __ORCHLINT_VERSION__;
/** How long typing may pause before the files are linted again. */
const LINT_DELAY_MS = 200;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const tabs = $('tabs');
const findings = $('findings');
const summary = $('summary');
const linkNotice = $('link-notice');
const configNotice = $('config-notice');
const permalink = $<HTMLInputElement>('permalink');
const exampleSelect = $<HTMLSelectElement>('example');
const dialectSelect = $<HTMLSelectElement>('dialect');
const graph = new GraphPane($('graph'), $('graph-source'));

/** What an empty config file shows: the keys it takes, and the versions orchlint models for each target. */
const CONFIG_HINT = [
  '# orchlint.config.yaml of this folder, as in a project (empty: no config file).',
  '# rules:',
  '#   promptpack/unreachable-state: "off"      # error | warning | info | off',
  '# targets:',
  ...knownTargets.map((t) => `#   ${t.target}: ${JSON.stringify(t.versions.at(-1))}   # ${t.versions.join(', ')}`),
].join('\n');

const editors = new Editors({
  parent: $('editor'),
  changed: () => scheduleLint(),
  placeholderOf: (path) => (path === CONFIG_FILE ? CONFIG_HINT : undefined),
});

let lintTimer: ReturnType<typeof setTimeout> | undefined;
let lastHash = '';
let last: SessionResult | undefined;
let lints = 0;
/** Set while the shell parser loads for a lint that needs it. */
let shellLoading: Promise<void> | undefined;

function scheduleLint(): void {
  clearTimeout(lintTimer);
  lintTimer = setTimeout(lint, LINT_DELAY_MS);
}

/** The playground as a link carries it. */
function current(): PlaygroundState {
  return {
    version: VERSION,
    files: editors
      .paths()
      .filter((p) => p !== CONFIG_FILE)
      .map((path) => ({ path, text: editors.text(path) })),
    config: editors.text(CONFIG_FILE),
    dialect: dialectSelect.value,
    active: editors.active,
  };
}

function load(state: PlaygroundState): void {
  dialectSelect.value = dialectIds.includes(state.dialect) ? state.dialect : '';
  editors.load([...state.files, { path: CONFIG_FILE, text: state.config }], state.active);
  lint();
}

function loadExample(example: Example): void {
  load({ version: VERSION, files: exampleFiles(example), config: '', dialect: '', active: example.active });
}

/** Lints every file now (once the shell parser is there, if a file needs it), shows the findings everywhere, and writes the link. */
function lint(): void {
  clearTimeout(lintTimer);
  lintTimer = undefined;
  const started = performance.now();
  const state = current();
  const linted = withShellParser(() => lintState(state));
  if ('loading' in linted) {
    shellLoading = linted.loading.then(() => {
      shellLoading = undefined;
      if (shellParserFailed()) {
        linkNotice.textContent =
          'The shell parser (assets/mvdan-sh.js) could not be loaded, so shell bodies cannot be checked: reload the page.';
        linkNotice.hidden = false;
      }
      lint();
    });
    return;
  }
  const result = linted.result;
  document.body.dataset.lintMs = String(Math.round(performance.now() - started));
  last = result;
  const all = [...result.run.diagnostics, ...result.configDiagnostics].sort(compareDiagnostics);
  const byPath = new Map<string, Diagnostic[]>();
  for (const d of all) byPath.set(d.path, [...(byPath.get(d.path) ?? []), d]);
  editors.showFindings(byPath);
  writeLink(state);
  renderFindings(findings, all, {
    reveal,
    reportUrl: (d) =>
      falseFindingUrl({
        rule: d.rule,
        message: d.message,
        where: `${d.path}:${d.range.start.line + 1}:${d.range.start.character + 1}`,
        version: VERSION,
        permalink: location.href,
      }),
  });
  summary.textContent = summaryOf(all, result.run.files.length);
  configNotice.hidden = result.configDiagnostics.length === 0;
  renderTabs();
  drawGraph();
  document.body.dataset.lints = String(++lints);
}

/** The page's link holds the state: replaced in place, so the back button does not step through edits. */
function writeLink(state: PlaygroundState): void {
  lastHash = encodeState(state);
  history.replaceState(null, '', `#${lastHash}`);
  permalink.value = location.href;
}

/** Another file is shown: its tab, its graph, and the link that opens on it. */
function shownChanged(): void {
  renderTabs();
  drawGraph();
  writeLink(current());
}

/** Shows a file with a range selected. */
function reveal(path: string, from: number, to: number): void {
  editors.select(path, from, to);
  shownChanged();
}

function summaryOf(all: readonly Diagnostic[], files: number): string {
  const count = (s: Diagnostic['severity']) => all.filter((d) => d.severity === s).length;
  const checked = `${files} file${files === 1 ? '' : 's'} checked`;
  if (!all.length) return `✔ no problems (${checked})`;
  const [errors, warnings, infos] = [count('error'), count('warning'), count('info')];
  return `✖ ${all.length} problem${all.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${infos} info) in ${checked}`;
}

function drawGraph(): void {
  const path = editors.active;
  const text = last && graphOf(last.run, path);
  void graph.show(
    text,
    path === CONFIG_FILE
      ? 'the config file has no graph'
      : `${path} has no graph to draw (no workflow, or it does not parse)`,
  );
}

function renderTabs(): void {
  const linted = new Map((last?.run.files ?? []).map((f) => [f.path, f.dialect]));
  const paths = editors.paths();
  tabs.replaceChildren(
    ...[...paths.filter((p) => p !== CONFIG_FILE), CONFIG_FILE].map((path) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.className = `tab${path === editors.active ? ' active' : ''}`;
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(path === editors.active));
      tab.dataset.path = path;
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = path;
      const dialect = document.createElement('span');
      dialect.className = 'dialect';
      dialect.textContent = path === CONFIG_FILE ? 'config' : (linted.get(path) ?? 'not linted');
      dialect.title =
        path === CONFIG_FILE
          ? 'rule severities and version targets'
          : linted.has(path)
            ? `linted as ${linted.get(path)}`
            : 'no dialect claims this file on its own (the CLI skips it in a folder too)';
      tab.append(name, dialect);
      tab.addEventListener('click', () => {
        editors.show(path);
        shownChanged();
      });
      return tab;
    }),
  );
}

function askPath(question: string, suggestion: string): string | undefined {
  const answer = prompt(question, suggestion)?.trim();
  if (answer === undefined || answer === '') return undefined;
  if (!isFilePath(answer) || answer === CONFIG_FILE || editors.has(answer)) {
    alert(
      `${JSON.stringify(answer)} cannot be a file here: give a new relative path such as prompts/02_next.prompt.md`,
    );
    return undefined;
  }
  return answer;
}

$('add-file').addEventListener('click', () => {
  const path = askPath('Path of the new file, in the folder', 'new.yaml');
  if (!path) return;
  editors.add(path, '');
  editors.show(path);
  lint();
});
$('rename-file').addEventListener('click', () => {
  const from = editors.active;
  if (from === CONFIG_FILE) return;
  const to = askPath(`New path of ${from}`, from);
  if (!to) return;
  editors.rename(from, to);
  lint();
});
$('delete-file').addEventListener('click', () => {
  const path = editors.active;
  if (path === CONFIG_FILE || !confirm(`Delete ${path}?`)) return;
  editors.remove(path);
  lint();
});
$('copy-link').addEventListener('click', () => {
  permalink.select();
  void navigator.clipboard?.writeText(permalink.value).catch(() => undefined);
});
dialectSelect.append(
  ...dialectIds.map((id) => {
    const option = document.createElement('option');
    option.value = id;
    option.textContent = id;
    return option;
  }),
);
dialectSelect.addEventListener('change', () => lint());
exampleSelect.append(
  ...examples.map((e) => {
    const option = document.createElement('option');
    option.value = e.id;
    option.textContent = e.title;
    return option;
  }),
);
exampleSelect.addEventListener('change', () => {
  const example = examples.find((e) => e.id === exampleSelect.value);
  if (example) loadExample(example);
  exampleSelect.value = '';
});

/** The page's state from its link, or the first example with a notice when the link holds none. */
function fromLocation(): void {
  const hash = location.hash.replace(/^#/, '');
  linkNotice.hidden = true;
  if (hash === '') {
    loadExample(examples[0]!);
    return;
  }
  const state = decodeState(hash);
  if ('error' in state) {
    loadExample(examples[0]!);
    linkNotice.textContent = `This page's link could not be opened: ${state.error}. Here is an example instead.`;
    linkNotice.hidden = false;
    return;
  }
  load(state);
  linkNotice.hidden = state.version === VERSION || state.version === '';
  linkNotice.textContent = `This link was made with orchlint ${state.version}; this page runs ${VERSION}, whose findings may differ.`;
}

addEventListener('hashchange', () => {
  if (location.hash.replace(/^#/, '') !== lastHash) fromLocation();
});
$('version').textContent = VERSION;
installPageApi({
  view: editors.view,
  lintNow: lint,
  lintPending: () => lintTimer !== undefined || shellLoading !== undefined,
  reveal,
});
fromLocation();
