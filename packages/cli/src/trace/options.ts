import { UsageError } from '../discover.js';

/** What `orchlint trace` takes (main.ts defines the flags; each dialect's trace reads its own). */
export interface TraceOptions {
  stubs?: string;
  arg?: string[];
  message?: string;
  /** Comma-separated or a file (the CLI), or the list itself (the MCP tool). */
  events?: string | readonly string[];
  only?: string[];
  from?: string;
  through?: string;
  pauseAtGates?: boolean;
  reject?: string[];
  followWorkflows?: boolean;
  coverage?: boolean;
  format: 'text' | 'json' | 'mermaid';
  dialect?: string;
  config?: string;
}

/** A unit's trace in both forms: the text a person reads, the JSON values (one per run), and whether a run failed. */
export interface TraceOutcome {
  text: string;
  json: unknown[];
  failed: boolean;
}

/** `k=v` pairs (`--arg`, `--input`): the value may hold further `=`. */
export function keyValues(pairs: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--arg ${pair}: expected name=value`);
    out.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return out;
}
