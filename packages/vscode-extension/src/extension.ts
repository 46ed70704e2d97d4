import * as path from 'node:path';
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type DocumentSelector, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

/**
 * The server decides by path and content which files are packs, workflows or packets, so the client
 * hands it every YAML, JSON and Markdown file; files no dialect claims get no diagnostics.
 */
const documentSelector: DocumentSelector = ['file', 'untitled'].flatMap((scheme) => [
  { scheme, language: 'yaml' },
  { scheme, language: 'json' },
  { scheme, language: 'jsonc' },
  { scheme, language: 'markdown' },
  { scheme, pattern: '**/*.{yaml,yml}' },
]);

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  context.subscriptions.push(
    workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration('orchlint.enable')) return;
      if (enabled()) await start(context);
      else await stop();
    }),
  );
  if (enabled()) await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}

function enabled(): boolean {
  return workspace.getConfiguration('orchlint').get<boolean>('enable', true);
}

function settings(): Record<string, unknown> {
  const config = workspace.getConfiguration('orchlint');
  return { enable: config.get('enable', true), configPath: config.get('configPath', ''), targets: config.get('targets', {}) };
}

async function start(context: ExtensionContext): Promise<void> {
  if (client) return;
  // The server ships inside the extension, bundled with everything it needs.
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector,
    initializationOptions: { settings: settings() },
    synchronize: {
      configurationSection: 'orchlint',
      fileEvents: workspace.createFileSystemWatcher('**/*.{json,yaml,yml,md}'),
    },
  };
  client = new LanguageClient('orchlint', 'orchlint', serverOptions, clientOptions);
  await client.start();
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) await running.stop();
}
