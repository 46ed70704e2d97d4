// The language server in-process with a protocol client, for the benchmarks: the debounce is 0, so
// a measured round is the server's own cost (lint, conversion, JSON-RPC). Or a server started as
// a process of its own (`script`), as an editor starts it, with the workspace scan.
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { listen } from '@orchlint/language-server';
import { dialects, rules } from '@orchlint/rules';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  WorkDoneProgressCreateRequest,
} from 'vscode-languageserver-protocol/node';

/**
 * `script`: a server to spawn (`node SCRIPT --stdio`) instead of the in-process one; `onProgress`
 * hears its work-done progress (the client says it shows it); `initializationOptions` as a client sends them.
 */
export async function lspSession(rootUri, { script, onProgress, initializationOptions } = {}) {
  let child;
  let toServer;
  let toClient;
  if (script) {
    child = spawn(process.execPath, [script, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    toServer = child.stdin;
    toClient = child.stdout;
  } else {
    toServer = new PassThrough();
    toClient = new PassThrough();
    listen(toServer, toClient, { dialects, rules, debounceMs: 0, scanWorkspace: false });
  }
  const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  client.onRequest(WorkDoneProgressCreateRequest.type, () => null);
  client.onNotification('$/progress', (p) => onProgress?.(p.value));
  const waiting = new Map();
  client.onNotification(PublishDiagnosticsNotification.type, (p) => {
    const key = `${p.uri}@${p.version}`;
    waiting.get(key)?.(p);
    waiting.delete(key);
  });
  client.listen();
  await client.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri,
    capabilities: onProgress ? { window: { workDoneProgress: true } } : {},
    workspaceFolders: null,
    ...(initializationOptions ? { initializationOptions } : {}),
  });
  await client.sendNotification(InitializedNotification.type, {});
  /** Sends a notification and resolves, with the time it took, when that version of `uri` is published. */
  const roundTrip = async (type, params, uri, version) => {
    const done = new Promise((resolve) => waiting.set(`${uri}@${version}`, resolve));
    const start = performance.now();
    await client.sendNotification(type, params);
    const published = await done;
    return { ms: performance.now() - start, published };
  };
  return {
    open: (uri, languageId, text, version = 1) =>
      roundTrip(
        DidOpenTextDocumentNotification.type,
        { textDocument: { uri, languageId, version, text } },
        uri,
        version,
      ),
    change: (uri, version, text) =>
      roundTrip(
        DidChangeTextDocumentNotification.type,
        { textDocument: { uri, version }, contentChanges: [{ text }] },
        uri,
        version,
      ),
    // A closed document's empty publication carries no version.
    close: (uri) => roundTrip(DidCloseTextDocumentNotification.type, { textDocument: { uri } }, uri, undefined),
    dispose: () => {
      client.dispose();
      child?.kill();
    },
  };
}

/** The p-th percentile of a list of times. */
export function percentile(times, p) {
  return [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
}
