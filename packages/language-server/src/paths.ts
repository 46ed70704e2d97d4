import { realpathSync } from 'node:fs';
import path from 'node:path';
import { URI } from 'vscode-uri';

/**
 * The server names files by '/'-separated absolute paths (what dialects join member paths against)
 * and keeps the client's own URI string for every open document, so what it publishes matches
 * exactly what the client opened.
 */
export function pathOfUri(uri: string): string {
  const parsed = URI.parse(uri);
  if (parsed.scheme === 'file') return toSlashes(parsed.fsPath);
  // Unsaved buffers (untitled:, vscode-notebook-cell: …) keep their URI as their name.
  return uri;
}

export function uriOfPath(p: string): string {
  return p.startsWith('/') || /^[A-Za-z]:\//.test(p) ? URI.file(p).toString() : p;
}

export function isFilePath(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:\//.test(p);
}

export function toSlashes(p: string): string {
  return p.split(path.sep).join('/');
}

/** True when `p` is `root` or lies under it (`..x` is a name inside, `../x` a climb out). */
export function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/**
 * The real path of what `p` names when it really lies under `root`, else undefined: a symbolic link
 * inside the folder that points outside it does not count, so no dialect reads past the workspace
 * folder through one. Read by the real path, not `p`: a link swapped meanwhile is not followed.
 */
export function realPathInside(root: string, p: string): string | undefined {
  try {
    const real = realpathSync.native(p);
    return isInside(realpathSync.native(root), real) ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The workspace folder that holds the file (the innermost one), else the file's own folder. */
export function rootFor(p: string, folders: readonly string[]): string {
  let best: string | undefined;
  for (const folder of folders) {
    if (isInside(folder, p) && (!best || folder.length > best.length)) best = folder;
  }
  return best ?? toSlashes(path.dirname(p));
}

export function extensionOf(p: string): string {
  return path.extname(p).toLowerCase();
}
