import { Source, Tree, type Host } from '@orchlint/core';
import { isProvider } from './facts.js';
import type { ModelPreset, ProjectConfig } from './model.js';

/** Where a project keeps its Archon settings, relative to the folder holding `.archon/`. */
export const CONFIG_PATH = '.archon/config.yaml';

/**
 * The project's config (at `path`, the project's CONFIG_PATH), or undefined when it has none. A file that does not parse is read as empty,
 * as the engine does (it logs the error and goes on with the defaults).
 */
export function readProjectConfig(path: string, host: Host): ProjectConfig | undefined {
  const text = host.readFile(path);
  if (text === undefined) return undefined;
  const tree = new Tree(new Source(path, text));
  const data = tree.clean ? tree.value : undefined;
  const config: ProjectConfig = {
    path,
    tiers: presets(member(data, 'tiers')),
    aliases: presets(member(data, 'aliases')),
  };
  const assistant = member(data, 'assistant');
  if (isProvider(assistant)) config.assistant = assistant;
  const folder = member(member(data, 'commands'), 'folder');
  if (typeof folder === 'string' && folder.trim() !== '') config.commandFolder = folder.trim();
  const loadDefaults = member(member(data, 'defaults'), 'loadDefaultCommands');
  if (typeof loadDefaults === 'boolean') config.loadDefaultCommands = loadDefaults;
  return config;
}

/** A mapping's value under a key, read as data that may hold any key (no prototype lookups). */
function member(data: unknown, key: string): unknown {
  return data && typeof data === 'object' && !Array.isArray(data) && Object.hasOwn(data, key)
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

function presets(block: unknown): Map<string, ModelPreset> {
  const out = new Map<string, ModelPreset>();
  if (!block || typeof block !== 'object' || Array.isArray(block)) return out;
  for (const name of Object.keys(block)) {
    const provider = member(member(block, name), 'provider');
    const model = member(member(block, name), 'model');
    if (typeof provider === 'string' && provider !== '' && typeof model === 'string' && model !== '')
      out.set(name, { provider, model });
  }
  return out;
}
