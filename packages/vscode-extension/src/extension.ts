import * as path from 'node:path';
import { commands, window, workspace, type ExtensionContext, type LogOutputChannel } from 'vscode';
import {
  CodeActionRequest,
  LanguageClient,
  TransportKind,
  type DocumentSelector,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { CONTENT_FILES, CONTENT_LANGUAGES, NAMED_FILES } from './file-patterns.js';

/**
 * Every file the CLI may lint: the ones a dialect claims by name, and the JSON, YAML and Markdown
 * files it may claim by content (the server decides; a file no dialect claims gets no diagnostics).
 * Unsaved buffers have no path, so they go by language.
 */
const documentSelector: DocumentSelector = [
  ...[...NAMED_FILES, CONTENT_FILES].map((pattern) => ({ scheme: 'file', pattern })),
  ...CONTENT_LANGUAGES.map((language) => ({ scheme: 'untitled', language })),
];

/** The server's code action kind for "every fix in the file" (packages/language-server/src/code-actions.ts). */
const FIX_ALL_KIND = 'source.fixAll.orchlint';

let client: LanguageClient | undefined;
let output: LogOutputChannel | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  output = window.createOutputChannel('orchlint', { log: true });
  context.subscriptions.push(
    output,
    workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration('orchlint.enable')) return;
      if (enabled()) await start(context);
      else await stop();
    }),
    commands.registerCommand('orchlint.restartServer', async () => {
      await stop();
      if (enabled()) await start(context);
    }),
    commands.registerCommand('orchlint.showOutput', () => output?.show(true)),
    commands.registerCommand('orchlint.fixAllInFile', fixAllInFile),
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
  return {
    enable: config.get('enable', true),
    configPath: config.get('configPath', ''),
    targets: config.get('targets', {}),
  };
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
    outputChannel: output,
    // The start-up cache goes in the workspace's own storage, never in the workspace (none without one).
    initializationOptions: {
      settings: settings(),
      ...(context.storageUri ? { cacheDirectory: context.storageUri.fsPath } : {}),
    },
    synchronize: {
      configurationSection: 'orchlint',
      fileEvents: workspace.createFileSystemWatcher(CONTENT_FILES),
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

/** Applies the server's fix-all action for the active editor's file (what `orchlint --fix` does to it). */
async function fixAllInFile(): Promise<void> {
  const editor = window.activeTextEditor;
  if (!client || !editor) return;
  const document = editor.document;
  const end = document.lineAt(document.lineCount - 1).range.end;
  const actions = await client.sendRequest(CodeActionRequest.type, {
    textDocument: { uri: document.uri.toString() },
    range: { start: { line: 0, character: 0 }, end: { line: end.line, character: end.character } },
    context: { diagnostics: [], only: [FIX_ALL_KIND] },
  });
  const action = actions?.find((a) => 'edit' in a && a.edit);
  if (!action || !('edit' in action) || !action.edit) {
    void window.showInformationMessage('orchlint: nothing to fix in this file');
    return;
  }
  await workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(action.edit));
}
