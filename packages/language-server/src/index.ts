import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer, type ServerOptions } from './server.js';

export { startServer, DEFAULT_DEBOUNCE_MS, type ServerOptions } from './server.js';
export { DocumentTrees } from './document-trees.js';
export { systemClock, type Clock } from './clock.js';
export { settingsFor, parseClientSettings, type ClientSettings } from './settings.js';
export { ruleDocUrl } from '@orchlint/core';

/** Serves LSP over a pair of streams (a child's stdio, or in-process pipes for embedding and benchmarks). */
export function listen(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options: ServerOptions): void {
  startServer(createConnection(ProposedFeatures.all, input, output), options);
}
