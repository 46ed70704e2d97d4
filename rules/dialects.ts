import type { Dialect } from '@flowlint/core';
import { archon } from '@flowlint/archon';
import { promptpack } from '@flowlint/promptpack';
import { promptRunner } from '@flowlint/prompt-runner';

/** Every dialect flowlint knows, in the order detection asks them. */
export const dialects: readonly Dialect<any>[] = [promptpack, archon, promptRunner];

export function dialectById(id: string): Dialect<any> | undefined {
  return dialects.find((d) => d.id === id);
}
