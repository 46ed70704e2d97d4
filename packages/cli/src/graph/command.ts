import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { detectDialect, isSyntaxFinding, renderDot, renderMermaid, Source, type Dialect } from '@orchlint/core';
import { MANIFEST } from '@orchlint/prompt-runner';
import { dialectById, dialects } from '@orchlint/rules';
import { ConfigResolver } from '../config-file.js';
import { toPosix, UsageError } from '../discover.js';
import { fileHost } from '../host.js';
import { ruleInfos } from '../rule-infos.js';
import { readTargetText } from '../lint.js';
import type { Io } from '../io.js';

/** `orchlint graph FILE`: the unit's graph (from its dialect's graph service) as Mermaid or DOT. */
export function runGraph(
  named: string,
  options: { format: 'mermaid' | 'dot'; dialect?: string; config?: string },
  io: Io,
): number {
  if (!existsSync(named)) throw new UsageError(`no such file or directory: ${named}`);
  // A packet folder stands for its manifest, as `lint` and `packet lint` take it.
  const file = statSync(named).isDirectory() ? path.join(named, MANIFEST) : named;
  if (!existsSync(file))
    throw new UsageError(
      `${named} is a folder; name the unit's main file (a pack, a workflow, a packet's ${MANIFEST})`,
    );
  const target = { file: toPosix(file), explicit: true, root: path.dirname(file) };
  const problems: Parameters<typeof readTargetText>[1] = [];
  const text = readTargetText(target, problems)?.text;
  if (text === undefined) throw new UsageError(`cannot draw ${file}: ${problems[0]?.message ?? 'unreadable'}`);
  const dialect: Dialect<any> | undefined = options.dialect
    ? dialectById(options.dialect)
    : detectDialect(dialects, target.file, text, path.resolve(file).split(path.sep).join('/'))?.dialect;
  if (!dialect) throw new UsageError(`${file} is not a format orchlint knows; pass --dialect`);
  if (!dialect.graph) throw new UsageError(`the ${dialect.id} dialect cannot draw graphs yet`);
  // The project's version targets decide how the unit reads (a pack's spec version, Archon's engine).
  const { settings } = new ConfigResolver(
    ruleInfos.map((r) => r.id),
    options.config,
  ).resolve(target.file);
  const loaded = dialect.load(new Source(target.file, text), fileHost(target.root), settings.targets);
  const syntax = loaded.diagnostics.find(isSyntaxFinding);
  if (syntax) {
    io.stderr(
      `orchlint: warning: ${syntax.path} has a syntax error at line ${syntax.range.start.line + 1} (${syntax.message}); the graph shows only what parsed: run orchlint ${syntax.path}\n`,
    );
  }
  const view = loaded.model === undefined ? undefined : dialect.graph(loaded.model);
  if (!view) {
    io.stderr(`orchlint: ${file} has no graph to draw (no workflow, or the file does not parse: run orchlint on it)\n`);
    return 1;
  }
  io.stdout(options.format === 'dot' ? renderDot(view) : renderMermaid(view));
  return 0;
}
