import { CONFIG_NAMES, coreRules, sortAndDedupe, type Dialect, type Rule } from '@orchlint/core';
import {
  CodeActionKind,
  CodeLensRefreshRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  MessageType,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Disposable,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { isAbsolute } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { systemClock, type Clock } from './clock.js';
import { codeActions, FIX_ALL_KIND, fixAllAction } from './code-actions.js';
import { completion } from './completion.js';
import { toLspDiagnostic } from './convert.js';
import { DocumentTrees } from './document-trees.js';
import type { FeatureContext } from './features.js';
import { hover } from './hover.js';
import { codeLenses, feedsLenses } from './lenses.js';
import { definition, documentSymbols, references } from './navigation.js';
import { isFilePath, pathOfUri, uriOfPath } from './paths.js';
import { ProjectConfigs } from './project-config.js';
import { defaultClientSettings, parseClientSettings, settingsFor, type ClientSettings } from './settings.js';
import { Units } from './units.js';
import { SERVER_VERSION } from './version.js';
import { scanWorkspace } from './workspace-scan.js';

export interface ServerOptions {
  dialects: readonly Dialect<any>[];
  rules: readonly Rule<any>[];
  /** Quiet time after an edit before re-linting (ms). */
  debounceMs?: number;
  /** Look through the workspace folders for units at start, so a member file's unit is known before it is opened. */
  scanWorkspace?: boolean;
  /** The per-version parsed trees the request handlers share (a test passes its own to count parses). */
  trees?: DocumentTrees;
  /** What the debounce and the workspace scan wait with (a test passes a manual clock). */
  clock?: Clock;
}

export const DEFAULT_DEBOUNCE_MS = 150;

/**
 * Wires orchlint to an LSP connection. Every feature goes through the dialects' optional services,
 * so a dialect added later needs no change here. Nothing a document or a rule does can take the
 * server down: a handler that fails logs and answers empty.
 */
export function startServer(connection: Connection, options: ServerOptions): void {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const clock = options.clock ?? systemClock;
  const documents = new TextDocuments(TextDocument);
  const openUris = new Map<string, string>(); // path → the client's URI
  const folders: string[] = [];
  let client: ClientSettings = defaultClientSettings;
  let pullConfiguration = false;
  let watchFiles = false;
  let refreshLenses = false;
  let workDoneProgress = false;
  /** Where the start-up cache is kept (the client's `initializationOptions.cacheDirectory`); none, no cache. */
  let cacheDirectory: string | undefined;
  let shuttingDown = false;
  /** Counts the edits and file changes: the state the scan's units share is built again after one. */
  let changes = 0;

  const docAt = (path: string) => {
    const uri = openUris.get(path);
    return uri === undefined ? undefined : documents.get(uri);
  };
  const knownTargets = options.dialects.flatMap((d) => d.targets ?? []);
  const fileSettings = (p: string) => settingsFor(p, client, projectConfigFor(p));
  const units = new Units({
    dialects: options.dialects,
    rules: options.rules,
    documents: {
      text: (p) => docAt(p)?.getText(),
      version: (p) => docAt(p)?.version,
      isOpen: (p) => openUris.has(p),
    },
    folders: () => folders,
    settingsFor: fileSettings,
    relinted: (paths) => publish(paths),
  });
  const configs = new ProjectConfigs({
    knownRules: [...coreRules, ...options.dialects.flatMap((d) => d.findings ?? []), ...options.rules].map((r) => r.id),
    knownTargets,
    folders: () => folders,
    openText: (p) => docAt(p)?.getText(),
    changed: (p) => publish([p]),
  });
  const trees = options.trees ?? new DocumentTrees();
  const ctx: FeatureContext = {
    units,
    rules: new Map(options.rules.map((r) => [r.id, r])),
    uriOf: (p) => openUris.get(p) ?? uriOfPath(p),
    version: (p) => docAt(p)?.version,
    parsed: (p) => {
      const doc = docAt(p);
      return doc && trees.get(p, doc.version, doc.getText());
    },
  };

  const log = (where: string, error: unknown) =>
    connection.console.error(
      `orchlint: ${where} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  function safely<R>(where: string, fallback: R, run: () => R): R {
    try {
      return run();
    } catch (error) {
      log(where, error);
      return fallback;
    }
  }

  // ---- the project config file -------------------------------------------------------------
  let warnedConfigPath = '';
  // Each bad target value is shown once, not again on every settings refresh.
  const warnedTargets = new Set<string>();
  const readClientSettings = (section: unknown) =>
    parseClientSettings(section, knownTargets, (message) => {
      if (warnedTargets.has(message)) return;
      warnedTargets.add(message);
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
    });
  function projectConfigFor(path: string) {
    if (!isFilePath(path)) return undefined; // an unsaved buffer (untitled:) has no folder to look in
    const file = configs.locate(path, client.configPath);
    const config = file === undefined ? undefined : configs.load(file);
    if (!config && client.configPath && warnedConfigPath !== client.configPath) {
      warnedConfigPath = client.configPath;
      // A notification: the request form (showWarningMessage) fails on clients that do not answer it.
      void connection.sendNotification(ShowMessageNotification.type, {
        type: MessageType.Warning,
        message: `orchlint.configPath '${client.configPath}' names no readable file inside the workspace folder; linting with the defaults until it does`,
      });
    }
    return config;
  }

  /** A config file changed: its own findings are checked again, and every open document is re-linted under it. */
  function configChanged(path: string, delay: number): void {
    later(`config ${path}`, delay, async () => {
      configs.load(path);
      relintOpenDocuments();
    });
  }

  let configWatch: Promise<Disposable> | undefined;
  /** Asks the client to report changes to config files on disk (when it can register watchers). */
  function watchConfigFiles(): void {
    if (!watchFiles) return;
    const previous = configWatch;
    const names: string[] = [...CONFIG_NAMES];
    if (client.configPath) names.push(client.configPath.split(/[\\/]/).pop()!);
    configWatch = connection.client.register(DidChangeWatchedFilesNotification.type, {
      watchers: names.map((name) => ({ globPattern: `**/${name}` })),
    });
    configWatch.catch((error) => log('registering file watchers', error));
    void previous?.then((d) => d.dispose()).catch(() => undefined);
  }

  // ---- diagnostics -------------------------------------------------------------------------
  const published = new Set<string>();
  const lastSent = new Map<string, string>();
  function publish(paths: Iterable<string>): void {
    for (const path of paths) {
      const found = [];
      if (client.enable) {
        for (const unit of units.containing(path)) {
          if (units.isActive(unit)) found.push(...unit.diagnostics.filter((d) => d.path === path));
        }
        // An invalid config file shows its findings whether it is open or not.
        found.push(...configs.findings(path));
      }
      // An open file of a unit always hears back, so "no findings" is distinguishable from "not linted yet".
      if (!found.length && !published.has(path) && !(client.enable && openUris.has(path))) continue;
      if (found.length) published.add(path);
      else published.delete(path);
      const params = {
        uri: ctx.uriOf(path),
        version: ctx.version(path),
        diagnostics: sortAndDedupe(found).map((d) => toLspDiagnostic(d, ctx.rules, ctx.uriOf)),
      };
      // Several lints may settle on one version (opening, the workspace scan, a config load): the
      // client hears each version's findings once, and again only when they change.
      const sent = JSON.stringify(params);
      if (lastSent.get(path) === sent) continue;
      lastSent.set(path, sent);
      void connection.sendDiagnostics(params);
    }
  }

  const timers = new Map<string, unknown>();
  function later(key: string, delay: number, run: () => Promise<void>): void {
    clock.clearTimeout(timers.get(key));
    timers.set(
      key,
      clock.setTimeout(() => {
        timers.delete(key);
        run().catch((error) => log(key, error));
      }, delay),
    );
  }

  function schedule(path: string, delay: number): void {
    later(path, delay, () => relint(path));
  }

  /**
   * Re-lints every unit that reads `path` (and, unless `consulted` is false, every unit that consulted
   * it); a result whose open documents moved on meanwhile is dropped.
   */
  async function relint(path: string, consulted = true): Promise<void> {
    if (!client.enable || shuttingDown) return;
    for (const main of units.affectedBy(path, consulted)) {
      let unit;
      try {
        unit = units.lint(main);
      } catch (error) {
        log(`linting ${main}`, error);
        continue;
      }
      // Let pending edits arrive: if one touched a file this lint read, its own re-lint replaces this one.
      await clock.nextTurn();
      if (unit && units.isStale(unit)) continue;
      publish(units.commit(main, unit));
    }
    // A fixture changed: the coverage lenses above its workflow's nodes (or its pack's states) did too.
    if (refreshLenses && feedsLenses(path))
      connection.sendRequest(CodeLensRefreshRequest.type).catch((error) => log('refreshing code lenses', error));
  }

  function relintOpenDocuments(): void {
    for (const path of openUris.keys()) schedule(path, 0);
  }

  /** Finds the units of every workspace folder (see scanWorkspace), then re-lints the open documents. */
  async function scan(): Promise<void> {
    const progress = workDoneProgress && folders.length ? await connection.window.createWorkDoneProgress() : undefined;
    await scanWorkspace(folders, {
      units,
      dialects: options.dialects,
      cacheDirectory,
      configFor: projectConfigFor,
      settingsFor: (file, config) => settingsFor(file, client, config),
      openPaths: () => [...openUris.keys()],
      publish,
      changes: () => changes,
      stopped: () => shuttingDown || !client.enable,
      safely,
      clock,
      progress,
    });
    // Members opened before their unit was found were linted alone: now they get their unit's view.
    // A unit that only consulted an open file was scanned with its buffer, or restored because the
    // buffer is what it read (an edit or an opening meanwhile re-lints it as usual): not linted again.
    for (const path of openUris.keys()) later(`scanned ${path}`, 0, () => relint(path, false));
  }

  // ---- lifecycle ---------------------------------------------------------------------------
  connection.onInitialize((params): InitializeResult => {
    for (const f of params.workspaceFolders ?? []) folders.push(pathOfUri(f.uri));
    if (!folders.length && params.rootUri) folders.push(pathOfUri(params.rootUri));
    const init = params.initializationOptions as { settings?: unknown; cacheDirectory?: unknown } | undefined;
    client = readClientSettings(init?.settings ?? init);
    // Only where the client says: the server writes nothing in the workspace unasked.
    if (typeof init?.cacheDirectory === 'string' && isAbsolute(init.cacheDirectory))
      cacheDirectory = init.cacheDirectory;
    workDoneProgress = Boolean(params.capabilities.window?.workDoneProgress);
    pullConfiguration = Boolean(params.capabilities.workspace?.configuration);
    watchFiles = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    refreshLenses = Boolean(params.capabilities.workspace?.codeLens?.refreshSupport);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { triggerCharacters: [':', '"', ' ', '-'] },
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
      },
      serverInfo: { name: 'orchlint-language-server', version: SERVER_VERSION },
    };
  });

  connection.onInitialized(() => {
    watchConfigFiles();
    if (pullConfiguration) {
      void connection.client.register(DidChangeConfigurationNotification.type, undefined).catch(() => undefined);
      void refreshSettings();
    }
    if (options.scanWorkspace !== false) scan().catch((error) => log('scanning the workspace', error));
  });

  async function refreshSettings(pushed?: unknown): Promise<void> {
    const before = client;
    if (pushed !== undefined) client = readClientSettings(pushed);
    else if (pullConfiguration) {
      try {
        const section: unknown = await connection.workspace.getConfiguration('orchlint');
        if (section !== null && section !== undefined) client = readClientSettings(section);
      } catch (error) {
        log('reading the settings', error);
      }
    }
    if (JSON.stringify(before) === JSON.stringify(client)) return;
    if (before.configPath !== client.configPath) {
      // Another config applies now: each is read again on use, and findings on one no longer used go.
      watchConfigFiles();
      configs.clear();
    }
    if (!client.enable) {
      publish([...published]);
      return;
    }
    for (const unit of [...units.all()]) schedule(unit.main, 0);
    relintOpenDocuments();
  }

  connection.onDidChangeConfiguration((params) => {
    const pushed = (params.settings as { orchlint?: unknown } | null | undefined)?.orchlint;
    refreshSettings(pushed).catch((error) => log('reading the settings', error));
  });

  connection.onShutdown(() => {
    shuttingDown = true;
    for (const timer of timers.values()) clock.clearTimeout(timer);
    timers.clear();
  });

  // ---- documents ---------------------------------------------------------------------------
  const justOpened = new Set<string>();
  documents.onDidOpen((event) =>
    safely('opening a document', undefined, () => {
      const path = pathOfUri(event.document.uri);
      changes++;
      openUris.set(path, event.document.uri);
      justOpened.add(event.document.uri);
      schedule(path, 0);
      if (configs.isConfigFile(path, client.configPath)) configChanged(path, 0);
    }),
  );
  documents.onDidChangeContent((event) =>
    safely('an edit', undefined, () => {
      // Opening fires a content event too: that lint is already on its way, undebounced.
      if (justOpened.delete(event.document.uri)) return;
      changes++;
      const path = pathOfUri(event.document.uri);
      schedule(path, debounceMs);
      if (configs.isConfigFile(path, client.configPath)) configChanged(path, debounceMs);
    }),
  );
  documents.onDidClose((event) =>
    safely('closing a document', undefined, () => {
      const path = pathOfUri(event.document.uri);
      changes++;
      openUris.delete(path);
      trees.forget(path);
      // Back to the disk's text, and out of view unless another open file shares its unit.
      schedule(path, 0);
      if (configs.isConfigFile(path, client.configPath)) configChanged(path, 0);
    }),
  );

  connection.onDidChangeWatchedFiles((params) =>
    safely('a file change on disk', undefined, () => {
      changes++;
      for (const change of params.changes) {
        const path = pathOfUri(change.uri);
        if (openUris.has(path) && change.type !== FileChangeType.Deleted) continue; // the buffer wins
        schedule(path, 0);
        if (configs.isConfigFile(path, client.configPath)) configChanged(path, 0);
      }
    }),
  );

  // ---- requests ----------------------------------------------------------------------------
  const textAt = (uri: string) => documents.get(uri);
  connection.onHover((params) =>
    safely('hover', null, () => {
      const doc = textAt(params.textDocument.uri);
      if (!doc || !client.enable) return null;
      const path = pathOfUri(doc.uri);
      const parsed = ctx.parsed(path);
      return parsed ? hover(ctx, path, parsed, doc.offsetAt(params.position)) : null;
    }),
  );
  connection.onCompletion((params) =>
    safely('completion', [], () => {
      const doc = textAt(params.textDocument.uri);
      if (!doc || !client.enable) return [];
      const path = pathOfUri(doc.uri);
      const parsed = ctx.parsed(path);
      return parsed ? completion(ctx, path, parsed, doc.offsetAt(params.position)) : [];
    }),
  );
  connection.onDefinition((params) =>
    safely('go to definition', [], () => {
      const doc = textAt(params.textDocument.uri);
      return doc ? definition(ctx, pathOfUri(doc.uri), doc.offsetAt(params.position)) : [];
    }),
  );
  connection.onReferences((params) =>
    safely('find references', [], () => {
      const doc = textAt(params.textDocument.uri);
      return doc
        ? references(ctx, pathOfUri(doc.uri), doc.offsetAt(params.position), params.context.includeDeclaration)
        : [];
    }),
  );
  connection.onDocumentSymbol((params) =>
    safely('document symbols', [], () => documentSymbols(ctx, pathOfUri(params.textDocument.uri))),
  );
  connection.onCodeLens((params) =>
    safely('code lenses', [], () => (client.enable ? codeLenses(ctx, pathOfUri(params.textDocument.uri)) : [])),
  );
  connection.onCodeAction((params) =>
    safely('code actions', [], () => {
      if (!client.enable) return [];
      const path = pathOfUri(params.textDocument.uri);
      const only = params.context.only;
      const fixAll = only?.some((kind) => FIX_ALL_KIND === kind || FIX_ALL_KIND.startsWith(`${kind}.`)) ?? false;
      if (fixAll) return fixAllAction(ctx, path);
      return !only || only.some((kind) => kind === CodeActionKind.QuickFix || kind === CodeActionKind.Empty)
        ? codeActions(ctx, path, params.range)
        : [];
    }),
  );

  documents.listen(connection);
  connection.listen();
}
