import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkable,
  docPathOf,
  documented,
  examplesUnder,
  headerOf,
  lintExample,
  renderDoc,
  stripGenerated,
} from '../../scripts/rule-contracts.mjs';
import { needsShellCheck } from '../support/needs.js';

/** A doc's `## Bad` or `## Good` section. */
const sectionOf = (doc: string, heading: string) => doc.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';

describe('rule docs', () => {
  for (const rule of documented) {
    const docPath = docPathOf(rule);
    describe(rule.id, needsShellCheck(checkable(rule)), () => {
      it('has a doc with its id as the title', () => {
        expect(existsSync(docPath)).toBe(true);
        expect(readFileSync(docPath, 'utf8').split('\n')[0]).toBe(`# ${rule.id}`);
      });
      if (!existsSync(docPath)) return;
      const doc = readFileSync(docPath, 'utf8');
      const mine = (heading: string) => {
        const blocks = examplesUnder(sectionOf(doc, heading), rule.id);
        expect(blocks.length, `${heading} has no example`).toBeGreaterThan(0);
        return lintExample(blocks, rule).diagnostics.filter((d: { rule: string }) => d.rule === rule.id);
      };
      it('its Bad example produces the rule', () => {
        expect(mine('Bad').length).toBeGreaterThan(0);
      });
      it('its Good example does not', () => {
        expect(mine('Good')).toEqual([]);
      });
      it('its header line is generated from the metadata', () => {
        expect(doc.split('\n')).toContain(headerOf(rule));
      });
      // The contract: the exact output (and fixed text) printed under each example. On a deliberate
      // change, run `pnpm docs:update` and review the diff.
      it('shows the exact output of its examples (pnpm docs:update)', () => {
        expect(doc).toBe(renderDoc(doc, rule));
      });
      it('is regenerated the same from a doc without the output sections (a new rule, a merge)', () => {
        const bare = stripGenerated(doc).replace(headerOf(rule), '**error** · basis: (to be generated) · no fix');
        expect(renderDoc(bare, rule)).toBe(doc);
      });
    });
  }
});
