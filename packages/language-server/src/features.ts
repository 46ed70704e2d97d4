import type { Rule, Source } from '@orchlint/core';
import type { ParsedDocument } from './document-trees.js';
import type { UnitState, Units } from './units.js';

/** What the request handlers (hover, completion, navigation, code actions) read. */
export interface FeatureContext {
  units: Units;
  rules: ReadonlyMap<string, Rule<any>>;
  /** The client's URI for a path (its own string for open documents). */
  uriOf(path: string): string;
  /** The version of an open document, undefined for a file that is not open. */
  version(path: string): number | undefined;
  /** An open document's current text and tree, parsed once per version. */
  parsed(path: string): ParsedDocument | undefined;
}

/** The unit a file is best seen through: the one it is the main file of, else the first that reads it; linted in this session. */
export function unitOf(ctx: FeatureContext, path: string): UnitState | undefined {
  const unit = ctx.units.get(path) ?? ctx.units.containing(path)[0];
  return unit && ctx.units.live(unit);
}

/** The text a unit saw for a file, when the editor's buffer is still that text (offsets still hold). */
export function currentSource(ctx: FeatureContext, unit: UnitState, path: string): Source | undefined {
  const source = unit.sources.get(path);
  return source && unit.versions.get(path) === ctx.version(path) ? source : undefined;
}
