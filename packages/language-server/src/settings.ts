import path from 'node:path';
import {
  defaultSettings,
  resolveSettings,
  type LintSettings,
  type ResolvedSettings,
  type TargetVersions,
} from '@orchlint/core';
import { isInside, toSlashes } from './paths.js';
import type { ProjectConfig } from './project-config.js';

/** What the client configures (VS Code's `orchlint.*` settings, an LSP client's `settings.orchlint`). */
export interface ClientSettings {
  enable: boolean;
  /** Version targets, e.g. { promptpack: '1.4.0', runtime: 'promptkit@1.5' }; a config file's targets win. */
  targets: Record<string, string>;
  /** The config file to use instead of the nearest one: relative to the workspace folder, or absolute inside it ('' for none). */
  configPath: string;
}

export const defaultClientSettings: ClientSettings = { enable: true, targets: {}, configPath: '' };

/**
 * Reads the `orchlint` section a client sent; anything malformed falls back to the default. A target
 * naming a version orchlint does not model, or a key no dialect reads, is left out (the default
 * applies) and told to `warn`, as the CLI refuses the same in a config file.
 */
export function parseClientSettings(
  section: unknown,
  knownTargets: readonly TargetVersions[] = [],
  warn: (message: string) => void = () => undefined,
): ClientSettings {
  if (!section || typeof section !== 'object') return defaultClientSettings;
  const raw = section as Record<string, unknown>;
  const targets: Record<string, string> = Object.create(null);
  if (raw.targets && typeof raw.targets === 'object') {
    for (const [k, v] of Object.entries(raw.targets as Record<string, unknown>)) {
      if (typeof v !== 'string' || !v.trim()) continue;
      const value = v.trim();
      const known = knownTargets.find((t) => t.target === k);
      if (!known && knownTargets.length) {
        warn(
          `orchlint.targets.${k} is not a target orchlint reads; it reads ${knownTargets.map((t) => t.target).join(', ')}; ignored`,
        );
        continue;
      }
      if (known && !known.models(value)) {
        warn(
          `orchlint.targets.${k} '${value}' is not a version orchlint models; it knows ${known.versions.join(', ')}; using the default`,
        );
        continue;
      }
      targets[k] = value;
    }
  }
  const configPath = typeof raw.configPath === 'string' ? raw.configPath.trim() : '';
  return { enable: raw.enable !== false, targets, configPath };
}

/**
 * The one place the settings for a file are decided, as the CLI decides them: the valid config
 * file that applies (its top level, then its matching overrides, for the file's path relative to
 * the config's folder), over the client's targets, over the defaults. Everything that lints goes
 * through here.
 */
export function settingsFor(
  file: string,
  client: ClientSettings,
  project: ProjectConfig | undefined,
): ResolvedSettings {
  const targets = { ...defaultSettings.targets, ...client.targets };
  if (!project?.config) return { ignored: false, settings: { rules: defaultSettings.rules, targets } };
  const rel = toSlashes(path.relative(project.dir, file));
  const inside = rel !== '' && isInside(project.dir, file);
  // The server's paths are absolute already: no root to prefix them with.
  const resolved = resolveSettings(project.config, inside ? rel : '', { root: '', dir: project.dir });
  const settings: LintSettings = { ...resolved.settings, targets: { ...targets, ...resolved.settings.targets } };
  return { ignored: inside && resolved.ignored, settings };
}
