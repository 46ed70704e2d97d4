import { Source, type Host } from '@orchlint/core';
import type { WorkspaceModel } from './model.js';
import { dirname, join } from './paths.js';
import { buildWorkspace } from './workspace.js';

/** `schema: prompt_runner.workspace/…` at the top level: a workspace manifest, whatever its name or version. */
export const WORKSPACE_MARK = /^["']?schema["']?:[ \t]*["']?prompt_runner\.workspace\/[^\s"']*["']?[ \t]*(#.*)?$/m;

/**
 * The workspace manifest that runs a packet: in the packet folder or the nearest folder above it
 * (inside the lint root), preferring one whose `packet.path` points back at the packet.
 */
export function findWorkspace(
  host: Host,
  packetRoot: string,
  explicit: string | undefined,
): WorkspaceModel | undefined {
  for (let dir = packetRoot; ; dir = dirname(dir)) {
    const names = host.readDir(dir);
    if (!names) return undefined;
    const found: WorkspaceModel[] = [];
    for (const name of [...names].sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const path = join(dir, name);
      const text = host.readFile(path);
      if (text !== undefined && WORKSPACE_MARK.test(text)) found.push(buildWorkspace(new Source(path, text), explicit));
    }
    if (found.length) {
      return found.find((w) => w.packetPath !== undefined && join(dir, w.packetPath) === join(packetRoot)) ?? found[0];
    }
    if (dirname(dir) === dir) return undefined;
  }
}
