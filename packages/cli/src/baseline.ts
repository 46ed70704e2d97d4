import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { coreFinding, fingerprints, Source, spanOfNode, STALE_BASELINE, Tree, type Diagnostic } from '@orchlint/core';
import { toPosix, UsageError, withSlashes } from './discover.js';
import type { LintRun } from './lint.js';

/** One recorded finding: rule, path (relative to the baseline file's folder) and content fingerprint. */
interface Entry {
  rule: string;
  path: string;
  fingerprint: string;
  /** For people reading the file; matching ignores them. */
  line?: number;
  message?: string;
}

/**
 * A committed list of accepted findings, so a new rule can fail CI on new code without first fixing
 * every old file. Findings match by rule, path and a content fingerprint (not line numbers), so
 * edits elsewhere in a file keep them matched.
 */
export class Baseline {
  private constructor(
    /** The baseline file, relative to cwd. */
    readonly file: string,
    private readonly entries: Entry[],
    /** Each entry's node in the file, for stale-entry findings. */
    private readonly tree: Tree | undefined,
  ) {}

  static read(file: string, mayBeMissing: boolean): Baseline {
    if (!existsSync(file)) {
      if (mayBeMissing) return new Baseline(toPosix(file), [], undefined);
      throw new UsageError(`no such baseline file: ${file}; create it with --update-baseline`);
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read the baseline file ${file}: ${(error as Error).message}`);
    }
    const source = new Source(toPosix(file), text);
    const tree = new Tree(source);
    const value = tree.value as { version?: unknown; findings?: unknown } | undefined;
    const valid =
      tree.clean &&
      value?.version === 1 &&
      Array.isArray(value.findings) &&
      value.findings.every(
        (e: Partial<Entry>) =>
          typeof e?.rule === 'string' && typeof e.path === 'string' && typeof e.fingerprint === 'string',
      );
    if (!valid)
      throw new UsageError(
        `${file} is not a orchlint baseline (version 1 with a findings list); rewrite it with --update-baseline`,
      );
    return new Baseline(source.path, value.findings as Entry[], tree);
  }

  /**
   * The run without the findings the baseline accepts, plus one core/stale-baseline warning for
   * each entry of a linted (or deleted) file that no finding matches any more. `exists` says whether
   * a file the run did not lint is there (a run record notes what it asked).
   */
  filter(
    run: LintRun,
    sourceOf: (path: string) => Source | undefined,
    exists: (path: string) => boolean = existsSync,
  ): LintRun {
    const prints = fingerprints(run.diagnostics, sourceOf);
    const open = new Map<string, number[]>();
    this.entries.forEach((e, i) => {
      const key = this.key(e.rule, this.fromBaseline(e.path), e.fingerprint);
      open.set(key, [...(open.get(key) ?? []), i]);
    });
    const matched = new Set<number>();
    const kept: Diagnostic[] = [];
    run.diagnostics.forEach((d, i) => {
      const hit = open.get(this.key(d.rule, d.path, prints[i]!))?.find((n) => !matched.has(n));
      if (hit === undefined) kept.push(d);
      else matched.add(hit);
    });
    const linted = new Set(run.files.map((f) => f.path));
    const stale: Diagnostic[] = [];
    this.entries.forEach((e, i) => {
      if (matched.has(i)) return;
      const p = this.fromBaseline(e.path);
      if (!linted.has(p) && exists(p)) return;
      stale.push(this.staleFinding(e, i, linted.has(p)));
    });
    return { files: run.files, diagnostics: [...kept, ...stale] };
  }

  /** Records every finding of the run; entries of files this run did not lint are kept. */
  write(run: LintRun, sourceOf: (path: string) => Source | undefined): number {
    const prints = fingerprints(run.diagnostics, sourceOf);
    const linted = new Set(run.files.map((f) => f.path));
    const kept = this.entries.filter((e) => {
      const p = this.fromBaseline(e.path);
      return !linted.has(p) && existsSync(p);
    });
    const fresh: Entry[] = run.diagnostics.map((d, i) => ({
      rule: d.rule,
      path: this.toBaseline(d.path),
      fingerprint: prints[i]!,
      line: d.range.start.line + 1,
      message: d.message,
    }));
    const findings = [...kept, ...fresh].sort((a, b) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : (a.line ?? 0) - (b.line ?? 0),
    );
    try {
      mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true });
      writeFileSync(this.file, JSON.stringify({ version: 1, tool: 'orchlint', findings }, null, 2) + '\n');
    } catch (error) {
      throw new UsageError(`cannot write the baseline file ${this.file}: ${(error as Error).message}`);
    }
    return fresh.length;
  }

  private staleFinding(e: Entry, index: number, linted: boolean): Diagnostic {
    const node = this.tree?.nodeAt(['findings', index]).node;
    const source = this.tree!.source;
    const why = linted ? 'no finding matches it any more (fixed, or its code changed)' : 'the file no longer exists';
    return coreFinding(
      source,
      node ? spanOfNode(node) : { start: 0, end: 0 },
      STALE_BASELINE,
      `baseline entry for ${e.rule} in ${e.path} is stale: ${why}; run with --update-baseline to prune it`,
    );
  }

  private key(rule: string, path: string, fingerprint: string): string {
    return `${rule}\u0000${path}\u0000${fingerprint}`;
  }

  /** A cwd-relative path as the baseline records it (relative to its own folder, so it works from any cwd). */
  private toBaseline(p: string): string {
    return withSlashes(path.relative(path.dirname(path.resolve(this.file)), path.resolve(p)));
  }

  private fromBaseline(p: string): string {
    return toPosix(path.resolve(path.dirname(path.resolve(this.file)), p));
  }
}
