import { existsSync, readFileSync } from 'node:fs';
import { decodeState, lintState, PLAYGROUND_URL } from '@orchlint/playground';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { docPathOf, documented, examplesUnder, SHELLCHECK_RULES } from '../../scripts/rule-contracts.mjs';

// Each rule doc's first example (its Bad one) links to the playground opened with it: the link is
// written by `pnpm docs:update` (scripts/rule-contracts.mjs) and must decode to the example itself.

const LINK = /^\[Try it in the playground\]\((\S+)\)$/m;

describe('rule docs: the "try it" link of the first example', () => {
  for (const rule of documented as Array<{ id: string; dialect: string }>) {
    const docPath = docPathOf(rule);
    if (!existsSync(docPath)) continue;
    it(`${rule.id}: opens the playground with the Bad example's files, targets and dialect, and shows the rule`, () => {
      const bad =
        readFileSync(docPath, 'utf8')
          .split(/^## /m)
          .find((s) => s.startsWith('Bad')) ?? '';
      const url = LINK.exec(bad)?.[1];
      // ShellCheck is a program on the user's machine; the page cannot run it.
      if (SHELLCHECK_RULES.has(rule.id)) return expect(url).toBeUndefined();
      expect(url, 'no "Try it in the playground" link under ## Bad').toBeDefined();
      expect(url!.startsWith(`${PLAYGROUND_URL}#`)).toBe(true);
      const state = decodeState(new URL(url!).hash);
      if ('error' in state) throw new Error(state.error);
      const blocks = examplesUnder(bad, rule.id) as Array<{ file: string; text: string; targets: object }>;
      expect(state.files).toEqual(blocks.map((b) => ({ path: b.file, text: b.text })));
      expect(state.active).toBe(blocks[0]!.file);
      const targets = Object.assign({}, ...blocks.map((b) => b.targets));
      expect((state.config === '' ? undefined : parse(state.config).targets) ?? {}).toEqual(targets);
      expect(['', rule.dialect]).toContain(state.dialect);
      // What the page shows for it: the rule's finding.
      expect(lintState(state).run.diagnostics.map((d) => d.rule)).toContain(rule.id);
    });
  }
});
