import { createHash } from 'node:crypto';
import { InvalidArgumentError } from 'commander';

/** `--shard i/N`: this run lints the units whose path hashes to i (1-based) of N. */
export interface Shard {
  index: number;
  count: number;
}

export function parseShard(value: string): Shard {
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || index > count) throw new InvalidArgumentError('expected i/N with 1 ≤ i ≤ N, e.g. 2/4');
  return { index, count };
}

/**
 * Whether the unit rooted at `file` (a cwd-relative '/' path: a pack, a workflow, a packet's
 * manifest, which stands for its folder) belongs to the shard. By a hash of the path alone, so
 * every machine of a CI matrix splits the same files the same way, whatever else it sees; the
 * files a unit reads besides its own (includes, the other workflows of its folder, a packet's
 * prompts) go with it, as they are read and reported by the unit.
 */
export function inShard(file: string, shard: Shard): boolean {
  return shard.count === 1 || shardOf(file, shard.count) === shard.index;
}

/** The shard (1-based, of `count`) that lints the unit rooted at `file`. */
export function shardOf(file: string, count: number): number {
  return (createHash('sha256').update(file).digest().readUInt32BE(0) % count) + 1;
}
