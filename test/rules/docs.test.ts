import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@orchlint/core';
import { rules } from '@orchlint/rules';
import { lintMemory } from '../support/lint.js';
import { repoRoot } from '../support/paths.js';

interface Block {
  file: string;
  text: string;
  /** `targets=runtime:promptkit@1.5` in the info string: the version targets to lint with. */
  targets: Record<string, string>;
}

/**
 * The code blocks under a rule doc's `## Bad` or `## Good` heading. A block's info string may name
 * its file (```yaml file=prompts/01.prompt.md); blocks under one heading form one set of files.
 */
function blocksUnder(doc: string, heading: string, rule: string): Block[] {
  const section = doc.split(/^## /m).find((s) => s.startsWith(heading));
  if (!section) return [];
  const blocks: Block[] = [];
  for (const m of section.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```/gm)) {
    const lang = m[1]!;
    const named = /file=(\S+)/.exec(m[2]!)?.[1];
    const ext = lang === 'json' ? 'json' : lang === 'markdown' || lang === 'md' ? 'md' : 'yaml';
    const targets = Object.fromEntries((/targets=(\S+)/.exec(m[2]!)?.[1] ?? '').split(',').filter(Boolean).map((t) => t.split(':', 2)));
    blocks.push({ file: named ?? `${rule.replace('/', '-')}.example.${ext}`, text: m[3]!, targets });
  }
  return blocks;
}

describe('rule docs', () => {
  for (const rule of rules) {
    const docPath = path.join(repoRoot, 'rules', `${rule.id}.md`);
    describe(rule.id, () => {
      it('has a doc with its id as the title', () => {
        expect(existsSync(docPath)).toBe(true);
        expect(readFileSync(docPath, 'utf8').split('\n')[0]).toBe(`# ${rule.id}`);
      });
      if (!existsSync(docPath)) return;
      const doc = readFileSync(docPath, 'utf8');
      const lint = (blocks: Block[]) =>
        lintMemory(Object.fromEntries(blocks.map((b) => [b.file, b.text])), rule.dialect, {
          ...defaultSettings,
          targets: Object.assign({}, ...blocks.map((b) => b.targets)),
        }).filter((d) => d.rule === rule.id);
      it('its Bad example produces the rule', () => {
        const bad = blocksUnder(doc, 'Bad', rule.id);
        expect(bad.length).toBeGreaterThan(0);
        expect(lint(bad).length).toBeGreaterThan(0);
      });
      it('its Good example does not', () => {
        const good = blocksUnder(doc, 'Good', rule.id);
        expect(good.length).toBeGreaterThan(0);
        expect(lint(good)).toEqual([]);
      });
    });
  }
});
