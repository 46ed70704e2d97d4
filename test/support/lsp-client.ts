import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { listen, type ServerOptions } from '@orchlint/language-server';
import {
  CodeActionRequest,
  CodeLensRefreshRequest,
  CompletionRequest,
  createProtocolConnection,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  CodeLensRequest,
  DocumentSymbolRequest,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  ReferencesRequest,
  RegistrationRequest,
  ShowMessageNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  WorkDoneProgressCreateRequest,
  type CodeAction,
  type CodeLens,
  type CompletionItem,
  type CompletionList,
  type ClientCapabilities,
  type Diagnostic,
  type DocumentSymbol,
  type Hover,
  type Location,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Registration,
  type ShowMessageParams,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
} from 'vscode-languageserver-protocol/node';
import type { ManualClock } from './manual-clock.js';
import { repoRoot } from './paths.js';

export const serverBin = path.join(repoRoot, 'packages/language-server/dist/bin.js');

/** A folder of files for one test, removed by `dispose()`. */
export function workspace(files: Record<string, string>): { root: string; file(rel: string): string; dispose(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'orchlint-lsp-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return { root, file: (rel) => path.join(root, rel), dispose: () => rmSync(root, { recursive: true, force: true }) };
}

export const uriOf = (file: string) => `file://${file}`;

/** An LSP client speaking to a orchlint server: a child process over stdio, or one in this process. */
export class LspClient {
  private readonly published: PublishDiagnosticsParams[] = [];
  private readonly waiters: Array<() => void> = [];
  private readonly versions = new Map<string, number>();
  /** What the server registered dynamically (client/registerCapability), and the messages it showed. */
  readonly registrations: Registration[] = [];
  readonly messages: ShowMessageParams[] = [];
  /** How many times the server asked the client to ask for code lenses again (workspace/codeLens/refresh). */
  lensRefreshes = 0;
  /** The work-done progress tokens the server created, and what it reported on them. */
  readonly progressTokens: Array<string | number> = [];
  readonly progress: Array<WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd> = [];
  /** What the server logged (window/logMessage). */
  readonly logs: string[] = [];
  stderr = '';

  private constructor(
    readonly connection: ProtocolConnection,
    private readonly child?: ChildProcess,
  ) {
    const wake = () => {
      for (const w of this.waiters.splice(0)) w();
    };
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push(params);
      wake();
    });
    connection.onNotification(ShowMessageNotification.type, (params) => {
      this.messages.push(params);
      wake();
    });
    connection.onRequest(RegistrationRequest.type, (params) => {
      this.registrations.push(...params.registrations);
      wake();
    });
    connection.onRequest(CodeLensRefreshRequest.type, () => {
      this.lensRefreshes++;
      wake();
    });
    connection.onRequest(WorkDoneProgressCreateRequest.type, (params) => {
      this.progressTokens.push(params.token);
      wake();
    });
    connection.onNotification('$/progress', (params: { value: (typeof this.progress)[number] }) => {
      this.progress.push(params.value);
      wake();
    });
    connection.onNotification(LogMessageNotification.type, (params) => {
      this.logs.push(params.message);
      wake();
    });
    connection.listen();
  }

  /** Starts a server script (the built bin by default) with `node SCRIPT --stdio`, in `cwd` with `env` when given. */
  static spawn(script = serverBin, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): LspClient {
    const child = spawn(process.execPath, [script, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], ...options });
    const client = new LspClient(
      createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!)),
      child,
    );
    child.stderr!.on('data', (chunk) => (client.stderr += String(chunk)));
    return client;
  }

  static inProcess(options: ServerOptions): LspClient {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    listen(toServer, toClient, options);
    return new LspClient(
      createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer)),
    );
  }

  get exited(): boolean {
    return this.child ? this.child.exitCode !== null || this.child.signalCode !== null : false;
  }

  /** `cacheDirectory`: where the server may keep its start-up cache (initializationOptions.cacheDirectory). */
  async initialize(
    root: string,
    settings: unknown = {},
    capabilities: ClientCapabilities = {},
    cacheDirectory?: string,
  ): Promise<void> {
    await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: uriOf(root),
      workspaceFolders: [{ uri: uriOf(root), name: 'test' }],
      capabilities,
      initializationOptions: { settings, ...(cacheDirectory === undefined ? {} : { cacheDirectory }) },
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  async open(file: string, text: string, languageId = 'yaml'): Promise<string> {
    const uri = uriOf(file);
    this.versions.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version: 1, text },
    });
    return uri;
  }

  async change(uri: string, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
    return version;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** Every publication for a URI so far, oldest first. */
  publications(uri: string): PublishDiagnosticsParams[] {
    return this.published.filter((p) => p.uri === uri);
  }

  /** Waits for a publication for `uri` (after the first `since` of them) that satisfies `accept`. */
  async diagnostics(
    uri: string,
    accept: (d: Diagnostic[], p: PublishDiagnosticsParams) => boolean = () => true,
    since = 0,
    timeoutMs = 15_000,
  ): Promise<Diagnostic[]> {
    const found = await this.until(
      () =>
        this.publications(uri)
          .slice(since)
          .find((p) => accept(p.diagnostics, p)),
      timeoutMs,
      () => `no matching diagnostics for ${uri}; got ${JSON.stringify(this.publications(uri))}`,
    );
    return found.diagnostics;
  }

  /** Waits until `check` finds something among what the server sent (publications, messages, registrations). */
  async until<T>(check: () => T | undefined, timeoutMs = 15_000, what = () => 'the awaited message'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what()}; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * A round trip: once it returns, the server has handled every message sent before it, and this
   * client has every message the server sent before answering.
   */
  async roundTrip(): Promise<void> {
    await this.hover('file:///orchlint-round-trip', { line: 0, character: 0 });
  }

  /** Moves a server's manual clock on by `ms` (0: runs what is due now), letting each wait's work finish. */
  settle(clock: ManualClock, ms = 0): Promise<void> {
    return clock.advance(ms, () => this.roundTrip());
  }

  hover(uri: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  }

  async completion(uri: string, position: Position): Promise<CompletionItem[]> {
    const result: CompletionItem[] | CompletionList | null = await this.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position,
    });
    return Array.isArray(result) ? result : (result?.items ?? []);
  }

  async definition(uri: string, position: Position): Promise<Location[]> {
    const result = await this.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position });
    return (Array.isArray(result) ? result : result ? [result] : []) as Location[];
  }

  async references(uri: string, position: Position, includeDeclaration = true): Promise<Location[]> {
    return (
      (await this.connection.sendRequest(ReferencesRequest.type, {
        textDocument: { uri },
        position,
        context: { includeDeclaration },
      })) ?? []
    );
  }

  async symbols(uri: string): Promise<DocumentSymbol[]> {
    return ((await this.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) ??
      []) as DocumentSymbol[];
  }

  async codeLenses(uri: string): Promise<CodeLens[]> {
    return ((await this.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? []) as CodeLens[];
  }

  async codeActions(uri: string, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
    const range = diagnostics[0]!.range;
    return ((await this.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range,
      context: { diagnostics },
    })) ?? []) as CodeAction[];
  }

  async dispose(): Promise<void> {
    if (this.child && !this.exited) {
      await Promise.race([
        this.connection.sendRequest(ShutdownRequest.type),
        new Promise((r) => setTimeout(r, 2000)),
      ]).catch(() => undefined);
      await this.connection.sendNotification('exit').catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
      if (!this.exited) this.child.kill();
    }
    this.connection.dispose();
  }
}

/** The 0-based position of the first occurrence of `needle` in `text` (plus `delta` characters). */
export function positionOf(text: string, needle: string, delta = 0, occurrence = 0): Position {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) index = text.indexOf(needle, index + 1);
  if (index < 0) throw new Error(`'${needle}' not in text`);
  const before = text.slice(0, index + delta);
  const line = before.split('\n').length - 1;
  return { line, character: before.length - before.lastIndexOf('\n') - 1 };
}
