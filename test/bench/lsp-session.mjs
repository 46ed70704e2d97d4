// The language server in-process with a protocol client, for the benchmarks: the debounce is 0, so
// a measured round is the server's own cost (lint, conversion, JSON-RPC).
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
} from 'vscode-languageserver-protocol/node';

export async function lspSession(rootUri) {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  listen(toServer, toClient, { dialects, rules, debounceMs: 0, scanWorkspace: false });
  const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
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
    capabilities: {},
    workspaceFolders: null,
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
    dispose: () => client.dispose(),
  };
}

/** The p-th percentile of a list of times. */
export function percentile(times, p) {
  return [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
}
