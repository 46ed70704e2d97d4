import type { Io } from '../io.js';
import { UsageError } from '../discover.js';
import { loadNamedUnit } from '../unit.js';
import { renderDot, renderMermaid } from '@orchlint/core';

/** `orchlint graph FILE`: the unit's graph (from its dialect's graph service) as Mermaid or DOT. */
export function runGraph(
  named: string,
  options: { format: 'mermaid' | 'dot'; dialect?: string; config?: string },
  io: Io,
): number {
  const { file, dialect, loaded } = loadNamedUnit(named, options, io, { verb: 'draw', noun: 'graph' });
  if (!dialect.graph) throw new UsageError(`the ${dialect.id} dialect cannot draw graphs yet`);
  const view = loaded.model === undefined ? undefined : dialect.graph(loaded.model);
  // Exit 2, as for any input this command cannot draw (a folder that is no packet, a file of no known format).
  if (!view)
    throw new UsageError(`${file} has no graph to draw (no workflow, or the file does not parse: run orchlint on it)`);
  io.stdout(options.format === 'dot' ? renderDot(view) : renderMermaid(view));
  return 0;
}
