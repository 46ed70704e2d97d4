import type { Dialect } from '@orchlint/core';
import { archon } from '@orchlint/archon';
import { promptpack } from '@orchlint/promptpack';
import { promptRunner } from '@orchlint/prompt-runner';

/** Every dialect orchlint knows, in the order detection asks them. */
export const dialects: readonly Dialect<any>[] = [promptpack, archon, promptRunner];

export function dialectById(id: string): Dialect<any> | undefined {
  return dialects.find((d) => d.id === id);
}
