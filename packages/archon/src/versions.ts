import { literalVersion, SchemaChecker, targetPattern, type TargetVersions } from '@orchlint/core';
import v0_9 from '@orchlint/schemas/archon/0.9.schema.json' with { type: 'json' };
import v0_10 from '@orchlint/schemas/archon/0.10.schema.json' with { type: 'json' };
import type { ArchonVersion } from './model.js';

export const DEFAULT_VERSION: ArchonVersion = '0.9';

const schemas: Record<ArchonVersion, object> = { '0.9': v0_9, '0.10': v0_10 };
const checkers = new Map<ArchonVersion, SchemaChecker>();

/** `targets.archon` → the modelled version: 0.10 and later read as 0.10, anything else as 0.9. */
export function resolveVersion(requested: string | undefined): ArchonVersion {
  const m = requested ? /^v?(\d+)\.(\d+)/.exec(requested.trim()) : null;
  if (!m) return DEFAULT_VERSION;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 0 || minor >= 10 ? '0.10' : '0.9';
}

export function schemaFor(version: ArchonVersion): object {
  return schemas[version];
}

/** Compiled on first use, then shared by every file of the process. */
export function schemaChecker(version: ArchonVersion): SchemaChecker {
  let checker = checkers.get(version);
  if (!checker) {
    checker = new SchemaChecker(schemas[version] as Record<string, unknown>);
    checkers.set(version, checker);
  }
  return checker;
}

const versions = Object.keys(schemas);
const spellings = targetPattern(`v?(?:${versions.map(literalVersion).join('|')})(?:\\.\\d+)*`);

/** `targets.archon`: the engine versions modelled, 0.9 and 0.10 (`v0.10`, `0.10.2` name 0.10). */
export const archonTarget: TargetVersions = {
  target: 'archon',
  versions,
  models: (requested) => new RegExp(spellings).test(requested),
  pattern: spellings,
};
