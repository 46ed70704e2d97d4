import { defaultSettings, type LintSettings } from '@flowlint/core';

/** What the client configures (VS Code's `flowlint.*` settings, an LSP client's `settings.flowlint`). */
export interface ClientSettings {
  enable: boolean;
  /** Version targets, e.g. { promptpack: '1.4.0', runtime: 'promptkit@1.5' }. */
  targets: Record<string, string>;
}

export const defaultClientSettings: ClientSettings = { enable: true, targets: {} };

/** Reads the `flowlint` section a client sent; anything malformed falls back to the default. */
export function parseClientSettings(section: unknown): ClientSettings {
  if (!section || typeof section !== 'object') return defaultClientSettings;
  const raw = section as Record<string, unknown>;
  const targets: Record<string, string> = {};
  if (raw.targets && typeof raw.targets === 'object') {
    for (const [k, v] of Object.entries(raw.targets as Record<string, unknown>)) {
      if (typeof v === 'string' && v.trim()) targets[k] = v.trim();
    }
  }
  return { enable: raw.enable !== false, targets };
}

/**
 * The one place the settings for a file are decided: the defaults, then what the client set.
 * Everything that lints goes through here, so a project config file plugs in at this point.
 */
export function settingsFor(_path: string, client: ClientSettings): LintSettings {
  return { rules: defaultSettings.rules, targets: { ...defaultSettings.targets, ...client.targets } };
}
