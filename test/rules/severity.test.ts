import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clauses, coreRules, type Clause } from '@orchlint/core';
import { dialects, rules } from '@orchlint/rules';
import { docPathOf, examplesUnder, lintExample } from '../../scripts/rule-contracts.mjs';

/** Everything with a default severity: the engine's findings, each dialect's load findings, the rules. */
const all: Array<{ id: string; severity: string; clause?: Clause; category?: string; confidence?: string }> = [
  ...coreRules,
  ...dialects.flatMap((d) => d.findings ?? []),
  ...rules,
];

// The severity policy (README "Severity"): error ↔ rejected, never-works, admissibility; warning ↔
// misbehaves, dropped; info ↔ note. One case per rule and finding, named with both, so the run lists
// the whole table.
describe('the severity policy', () => {
  it('covers every rule and finding', () => {
    expect(all.length).toBeGreaterThan(170);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });
  for (const r of all) {
    it(`${r.id}: ${r.severity} (${r.clause ?? 'no clause'})`, () => {
      expect(Object.keys(clauses), `${r.id} declares no clause`).toContain(r.clause);
      expect(r.severity, `${r.id}: clause '${r.clause}' gives ${clauses[r.clause!].severity}`).toBe(
        clauses[r.clause!].severity,
      );
      if (r.category === 'security') expect(['high', 'medium', 'low']).toContain(r.confidence);
      else expect(r.category ?? 'correctness').toBe('correctness');
    });
  }
});

// An error on a file Archon loads must say so and why: the doc's Bad example shows each such message.
describe('an Archon error under never-works or admissibility', () => {
  for (const rule of rules.filter(
    (r: { dialect: string; clause: string }) =>
      r.dialect === 'archon' && (r.clause === 'never-works' || r.clause === 'admissibility'),
  )) {
    it(`${rule.id} says "Archon loads this file, but …"`, () => {
      const doc = readFileSync(docPathOf(rule), 'utf8');
      const bad = examplesUnder(doc.split(/^## /m).find((s) => s.startsWith('Bad')) ?? '', rule.id);
      const mine = lintExample(bad, rule).diagnostics.filter((d: { rule: string }) => d.rule === rule.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const d of mine) expect(d.message).toMatch(/^Archon loads this file, but |; Archon loads this file, but /);
    });
  }
});

// The same for a packet Prompt Runner accepts (packet lint passes it): its errors begin by saying so.
describe('a Prompt Runner error under never-works', () => {
  for (const rule of rules.filter(
    (r: { dialect: string; clause: string }) => r.dialect === 'prompt-runner' && r.clause === 'never-works',
  )) {
    it(`${rule.id} says "Prompt Runner loads this packet, but …"`, () => {
      const doc = readFileSync(docPathOf(rule), 'utf8');
      const bad = examplesUnder(doc.split(/^## /m).find((s) => s.startsWith('Bad')) ?? '', rule.id);
      const mine = lintExample(bad, rule).diagnostics.filter((d: { rule: string }) => d.rule === rule.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const d of mine) expect(d.message).toMatch(/^Prompt Runner loads this packet, but /);
    });
  }
});
