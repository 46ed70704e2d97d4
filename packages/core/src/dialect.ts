import type { Diagnostic } from './diagnostic.js';
import type { Targets } from './rule.js';
import type { Source } from './source.js';

/**
 * Where files come from: the file system, an editor's open buffers, or memory. Paths are
 * '/'-separated. A host answers undefined for a file that is missing or outside the lint root,
 * so no dialect can read outside the folder being linted.
 */
export interface Host {
  readFile(path: string): string | undefined;
  /** Names of the entries of a directory (files and folders), or undefined when it is not one. */
  readDir(path: string): string[] | undefined;
}

export interface LoadResult<M> {
  /** Undefined when nothing could be built (the diagnostics say why). */
  model: M | undefined;
  diagnostics: Diagnostic[];
  /** Every file the unit read, the main one first. */
  sources: Source[];
}

/** How a file relates to a dialect. 'member' files are linted as part of a unit rooted elsewhere. */
export type Detection = 'unit' | 'member' | false;

export interface Dialect<M = unknown> {
  id: string;
  /** Cheap: a path test, maybe a look at the first bytes. */
  detect(path: string, text: string): Detection;
  load(source: Source, host: Host, targets: Targets): LoadResult<M>;
}
